import { useNavigate, useSearchParams } from 'react-router';
import { authMessages, type LoginData } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { safeRedirectPath } from './safe-redirect';
import { notifier } from '@/shared/lib/notifier';

/**
 * After a successful login or registration (SPEC §4): store the token, load the user with
 * get_current_user, then go to the `redirect` query (same-site paths only) or home.
 */
export function useLoginSuccess() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return async (data: LoginData, successText: string = authMessages.loginSuccess) => {
    const store = useSessionStore.getState();
    store.setToken(data.token);
    const user = await useSessionStore.getState().loadCurrentUser();
    // The login answer already carries the user; use it when the follow-up call failed for a transient reason.
    if (!user && useSessionStore.getState().token === data.token)
      useSessionStore.getState().setUser(data.user);
    notifier.success(successText);
    navigate(safeRedirectPath(params.get('redirect')), { replace: true });
  };
}
