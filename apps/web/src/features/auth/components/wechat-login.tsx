import { WechatOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { wechatOutcomeText } from '@app/contracts/wechat/wechat.rules';
import { goToWechat, wechatApi } from '../api/wechat-api';
import { safeRedirectPath } from '../lib/safe-redirect';
import { useLoginSuccess } from '../lib/use-login-success';
import { useIsWechatBrowser, useWechatConfig } from '@/shared/lib/wechat-config';
import { PlainAlert } from '@/shared/ui/plain-alert';
import { PlainButton } from '@/shared/ui/plain-button';

/** Set once a tab tried the silent WeChat sign-in, so a WeChat that is not bound does not bounce back and forth. */
export const WECHAT_AUTO_LOGIN_KEY = 'wechat-auto-login-tried';

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : '接口异常');

/**
 * WeChat on /login (DECISIONS.md 16). Inside WeChat, with WeChat switched on: 微信一键登录; and when a protected
 * page sent the member here (`redirect`), the silent authorisation starts by itself once per tab, so a bound member
 * opening a link in WeChat is signed in without typing. On any browser it finishes a sign-in WeChat returned with
 * (`wechat_ticket`: exchanged once for a session, which ends the account's older one) and shows why WeChat did not
 * sign in (`wechat_error`, e.g. not bound). Drawn with plain controls like the rest of the login screen.
 */
export function WechatLogin() {
  const [params, setParams] = useSearchParams();
  const onSuccess = useLoginSuccess();
  const inWechat = useIsWechatBrowser();
  const config = useWechatConfig(inWechat);
  const [startError, setStartError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const signIn = useMutation({ mutationFn: wechatApi.signIn, onSuccess: (data) => onSuccess(data) });
  const ticketUsed = useRef(false);

  const ticket = params.get('wechat_ticket');
  const outcome = params.get('wechat_error');
  const redirect = safeRedirectPath(params.get('redirect'));
  const offered = inWechat && config.data?.enabled === true;

  const leave = useCallback(
    () =>
      goToWechat('login', redirect).catch((err: unknown) => {
        setLeaving(false);
        setStartError(messageOf(err));
      }),
    [redirect],
  );

  function start() {
    setLeaving(true);
    setStartError(null);
    void leave();
  }

  useEffect(() => {
    if (!ticket || ticketUsed.current) return;
    ticketUsed.current = true;
    // The ticket is single use: out of the address before anything else (history, a reload).
    const next = new URLSearchParams(params);
    next.delete('wechat_ticket');
    setParams(next, { replace: true });
    signIn.mutate(ticket);
  }, [ticket, params, setParams, signIn]);

  useEffect(() => {
    if (!offered || ticket || outcome || !params.get('redirect')) return;
    if (window.sessionStorage.getItem(WECHAT_AUTO_LOGIN_KEY)) return;
    window.sessionStorage.setItem(WECHAT_AUTO_LOGIN_KEY, '1');
    void leave();
  }, [offered, ticket, outcome, params, leave]);

  const signingIn = signIn.isPending || signIn.isSuccess;
  const note = startError ?? (signIn.error ? messageOf(signIn.error) : null) ?? wechatOutcomeText(outcome);
  if (!note && !offered && !signingIn) return null;
  return (
    <div className="wechat-login">
      {note && <PlainAlert type={outcome === 'denied' && note === wechatOutcomeText(outcome) ? 'info' : 'warning'}>{note}</PlainAlert>}
      {signingIn && <PlainAlert type="info">正在用微信登录…</PlainAlert>}
      {offered && (
        <PlainButton
          variant="primary"
          block
          loading={leaving || signingIn}
          className="wechat-login__button"
          onClick={start}
        >
          <WechatOutlined aria-hidden="true" /> 微信一键登录
        </PlainButton>
      )}
    </div>
  );
}
