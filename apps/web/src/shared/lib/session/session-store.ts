import { create } from 'zustand';
import { AGENT_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@app/contracts/common/constants';
import { ErrorCode } from '@app/contracts/common/errors';
import type { CurrentUser, Role } from '@app/contracts/users/users.schemas';
import { navigateTo } from '../navigation';

/** sessionStorage key of the store mirror written on page unload (SPEC §4). */
export const SESSION_MIRROR_KEY = 'session-state';

export type UserStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Calls the store needs; wired by the API client module so the store itself has no HTTP dependency. */
export interface SessionApi {
  getCurrentUser(): Promise<CurrentUser>;
  logout(): Promise<unknown>;
}

let sessionApi: SessionApi | null = null;
export function configureSessionApi(api: SessionApi | null): void {
  sessionApi = api;
}

export interface SessionState {
  token: string | null;
  role: Role | null;
  user: CurrentUser | null;
  /** Progress of the current-user request; `error` means it failed for a reason other than 406. */
  userStatus: UserStatus;
  /** Job-intention dialog flag (SPEC §4: set by the job switch). */
  infoDialogVisible: boolean;
  /** Buy-student-card dialog flag (SPEC §4: set by the student switch). */
  buyStudentStatus: boolean;
  /** Membership-benefits modal flag (SPEC §2: the modal shows while it is on; 领取权益 and 关闭 clear it). */
  benefitsModalVisible: boolean;

  /** Stores the token (and localStorage `verify`); null removes it. */
  setToken(token: string | null): void;
  setUser(user: CurrentUser | null): void;
  /** POST /api/users/get_current_user; resolves null when there is no token or the call failed. */
  loadCurrentUser(): Promise<CurrentUser | null>;
  /** Client-side logout: clears role, token, user, sessionStorage and localStorage `verify`. No request, no navigation. */
  clearSession(): void;
  /** Full logout: POST /api/users/logout (failure ignored), clearSession(), then home. */
  logout(): Promise<void>;
  setJobSwitch(visible: boolean): void;
  setStudentSwitch(visible: boolean): void;
  setBenefitsModal(visible: boolean): void;
}

interface MirroredState {
  token: string | null;
  role: Role | null;
  user: CurrentUser | null;
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage disabled (privacy mode): the session simply does not persist
  }
}

function readMirror(): MirroredState | null {
  const raw = safeStorage('sessionStorage')?.getItem(SESSION_MIRROR_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<MirroredState>;
    return { token: parsed.token ?? null, role: parsed.role ?? null, user: parsed.user ?? null };
  } catch {
    return null;
  }
}

/** Initial state: token from localStorage `verify`; role/user restored from the unload mirror when it belongs to that token. */
export function readPersistedSession(): MirroredState {
  const stored = safeStorage('localStorage')?.getItem(TOKEN_STORAGE_KEY) ?? null;
  const mirror = readMirror();
  const token = stored ?? mirror?.token ?? null;
  if (mirror && token && mirror.token === token) return { token, role: mirror.role, user: mirror.user };
  return { token, role: null, user: null };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...readPersistedSession(),
  userStatus: 'idle',
  infoDialogVisible: false,
  buyStudentStatus: false,
  benefitsModalVisible: false,

  setToken(token) {
    const storage = safeStorage('localStorage');
    if (token) storage?.setItem(TOKEN_STORAGE_KEY, token);
    else storage?.removeItem(TOKEN_STORAGE_KEY);
    if (token !== get().token) set({ token, user: null, role: null, userStatus: 'idle' });
  },

  setUser(user) {
    set({ user, role: user?.role ?? null, userStatus: user ? 'ready' : 'idle' });
  },

  async loadCurrentUser() {
    const token = get().token;
    if (!token) return null;
    if (!sessionApi) throw new Error('session API not configured');
    set({ userStatus: 'loading' });
    try {
      const user = await sessionApi.getCurrentUser();
      if (get().token !== token) return null; // logged out or switched meanwhile
      set({ user, role: user.role, userStatus: 'ready' });
      return user;
    } catch (err) {
      if (get().token !== token) return null;
      // Only "not logged in" ends the session; a server or network failure keeps the token so a retry can work.
      if ((err as { code?: unknown }).code === ErrorCode.NotLoggedIn) get().clearSession();
      else set({ userStatus: 'error' });
      return null;
    }
  },

  clearSession() {
    safeStorage('localStorage')?.removeItem(TOKEN_STORAGE_KEY);
    safeStorage('sessionStorage')?.clear();
    set({ token: null, role: null, user: null, userStatus: 'idle', benefitsModalVisible: false });
  },

  async logout() {
    if (get().token && sessionApi) {
      try {
        await sessionApi.logout();
      } catch {
        // The server session may already be gone; the client logs out regardless.
      }
    }
    get().clearSession();
    navigateTo('/');
  },

  setJobSwitch(visible) {
    set({ infoDialogVisible: visible });
  },

  setStudentSwitch(visible) {
    set({ buyStudentStatus: visible });
  },

  setBenefitsModal(visible) {
    set({ benefitsModalVisible: visible });
  },
}));

/** Writes token/role/user to sessionStorage so a reload restores the header instantly. */
export function writeSessionMirror(): void {
  const { token, role, user } = useSessionStore.getState();
  const storage = safeStorage('sessionStorage');
  if (!storage) return;
  if (!token) storage.removeItem(SESSION_MIRROR_KEY);
  else storage.setItem(SESSION_MIRROR_KEY, JSON.stringify({ token, role, user } satisfies MirroredState));
}

/** Mirrors the store into sessionStorage on `pagehide`/`beforeunload`; returns the uninstaller. */
export function installSessionMirror(target: Window = window): () => void {
  target.addEventListener('pagehide', writeSessionMirror);
  target.addEventListener('beforeunload', writeSessionMirror);
  return () => {
    target.removeEventListener('pagehide', writeSessionMirror);
    target.removeEventListener('beforeunload', writeSessionMirror);
  };
}

/**
 * Start-up handling of the URL (SPEC §2, §4): `agent_id` is kept in sessionStorage; a `token` query is saved,
 * removed from the URL and the user goes to `/`. Then the current user is loaded when a token exists.
 * Runs before the router is created so the router starts on the cleaned URL.
 */
export function bootstrapSession(win: Window = window): { tokenFromUrl: boolean } {
  const params = new URLSearchParams(win.location.search);
  const agentId = params.get('agent_id');
  if (agentId) safeStorage('sessionStorage')?.setItem(AGENT_ID_STORAGE_KEY, agentId);
  const urlToken = params.get('token');
  const store = useSessionStore.getState();
  if (urlToken) {
    store.setToken(urlToken);
    win.history.replaceState(null, '', '/');
  }
  if (useSessionStore.getState().token) void useSessionStore.getState().loadCurrentUser();
  return { tokenFromUrl: Boolean(urlToken) };
}

/** Role of the current session, null when logged out or not loaded yet. */
export const selectRole = (s: SessionState): Role | null => s.user?.role ?? s.role;
export const selectIsLoggedIn = (s: SessionState): boolean => Boolean(s.token);
