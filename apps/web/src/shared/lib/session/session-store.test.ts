import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@app/contracts/common/constants';
import { ApiError } from '../api-error';
import { bindNavigator } from '../navigation';
import { makeUser } from '@/testing/fixtures';
import { resetSession } from '@/testing/render';
import {
  bootstrapSession,
  configureSessionApi,
  installSessionMirror,
  readPersistedSession,
  SESSION_MIRROR_KEY,
  useSessionStore,
  type SessionApi,
} from './session-store';

const user = makeUser({ role: 'company' });
let api: { getCurrentUser: ReturnType<typeof vi.fn>; logout: ReturnType<typeof vi.fn> };
const navigate = vi.fn();

function fakeWindow(url: string) {
  const u = new URL(url);
  const replaceState = vi.fn();
  return {
    win: { location: { search: u.search }, history: { replaceState } } as unknown as Window,
    replaceState,
  };
}

beforeEach(() => {
  resetSession();
  api = { getCurrentUser: vi.fn().mockResolvedValue(user), logout: vi.fn().mockResolvedValue(null) };
  configureSessionApi(api as unknown as SessionApi);
  bindNavigator(navigate);
  navigate.mockClear();
});

afterEach(() => {
  configureSessionApi(null);
  bindNavigator(null);
});

describe('session store', () => {
  it('starts with both UI flags false and the switches set the value passed', () => {
    const s = useSessionStore.getState();
    expect(s.infoDialogVisible).toBe(false);
    expect(s.buyStudentStatus).toBe(false);
    s.setJobSwitch(true);
    s.setStudentSwitch(true);
    expect(useSessionStore.getState()).toMatchObject({ infoDialogVisible: true, buyStudentStatus: true });
    useSessionStore.getState().setJobSwitch(false);
    expect(useSessionStore.getState().infoDialogVisible).toBe(false);
  });

  it('saves the token to localStorage verify when set', () => {
    useSessionStore.getState().setToken('t-42');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t-42');
    expect(useSessionStore.getState().token).toBe('t-42');
  });

  it('reads the token from localStorage verify on load', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    expect(readPersistedSession()).toEqual({ token: 'stored', role: null, user: null });
  });

  it('takes a URL token: saves it, loads the user, strips the URL and goes to /', async () => {
    const { win, replaceState } = fakeWindow('http://localhost/train?token=url-tok&agent_id=ag7');
    const result = bootstrapSession(win);
    expect(result.tokenFromUrl).toBe(true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('url-tok');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(sessionStorage.getItem('agent_id')).toBe('ag7');
    await vi.waitFor(() => expect(useSessionStore.getState().user).toEqual(user));
    expect(useSessionStore.getState().role).toBe('company');
    expect(api.getCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('without a URL token leaves the URL alone and loads the user of a stored token', async () => {
    useSessionStore.getState().setToken('stored');
    const { win, replaceState } = fakeWindow('http://localhost/train?x=1');
    bootstrapSession(win);
    expect(replaceState).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(useSessionStore.getState().userStatus).toBe('ready'));
  });

  it('mirrors token, role and user into sessionStorage on pagehide and restores them on load', () => {
    useSessionStore.getState().setToken('m-tok');
    useSessionStore.getState().setUser(user);
    const uninstall = installSessionMirror(window);
    window.dispatchEvent(new Event('pagehide'));
    uninstall();
    const mirrored = JSON.parse(sessionStorage.getItem(SESSION_MIRROR_KEY) ?? '{}');
    expect(mirrored).toEqual({ token: 'm-tok', role: 'company', user });
    expect(readPersistedSession()).toEqual({ token: 'm-tok', role: 'company', user });
  });

  it('also mirrors on beforeunload', () => {
    useSessionStore.getState().setToken('b-tok');
    const uninstall = installSessionMirror(window);
    window.dispatchEvent(new Event('beforeunload'));
    uninstall();
    expect(sessionStorage.getItem(SESSION_MIRROR_KEY)).toContain('b-tok');
  });

  it('ignores a mirror that belongs to another token', () => {
    sessionStorage.setItem(SESSION_MIRROR_KEY, JSON.stringify({ token: 'old', role: 'personal', user }));
    localStorage.setItem(TOKEN_STORAGE_KEY, 'new');
    expect(readPersistedSession()).toEqual({ token: 'new', role: null, user: null });
  });

  it('logout calls the API, clears role, token, user, sessionStorage and verify, and goes home', async () => {
    useSessionStore.getState().setToken('x');
    useSessionStore.getState().setUser(user);
    sessionStorage.setItem('agent_id', 'a1');
    await useSessionStore.getState().logout();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState()).toMatchObject({ token: null, role: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/', undefined);
  });

  it('logout still logs out when the API call fails', async () => {
    api.logout.mockRejectedValue(new ApiError(500, '服务器开小差了'));
    useSessionStore.getState().setToken('x');
    await useSessionStore.getState().logout();
    expect(useSessionStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', undefined);
  });

  it('a 406 on loading the user ends the session; another failure keeps the token', async () => {
    useSessionStore.getState().setToken('x');
    api.getCurrentUser.mockRejectedValueOnce(new ApiError(503, '服务暂不可用'));
    await useSessionStore.getState().loadCurrentUser();
    expect(useSessionStore.getState()).toMatchObject({ token: 'x', user: null, userStatus: 'error' });
    api.getCurrentUser.mockRejectedValueOnce(new ApiError(406, '未登录'));
    await useSessionStore.getState().loadCurrentUser();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, userStatus: 'idle' });
  });
});
