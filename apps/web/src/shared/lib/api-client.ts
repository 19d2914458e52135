import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import axiosRetry from 'axios-retry';
import {
  ELSEWHERE_NOTICE_THROTTLE_MS,
  HTTP_RETRIES,
  HTTP_RETRY_DELAY_MS,
  HTTP_TIMEOUT_MS,
} from '@app/contracts/common/constants';
import type { Envelope } from '@app/contracts/common/envelope';
import {
  BUY_STUDENT_CARD_MESSAGE,
  ErrorCode,
  NOT_LOGGED_IN_MESSAGE,
  USER_NOT_LOGGED_IN_MESSAGE,
} from '@app/contracts/common/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@app/contracts/common/idempotency';
import { FILE_LINK_HEADER } from '@app/contracts/common/file-link';
import type { CurrentUser } from '@app/contracts/users/users.schemas';
import { ApiError, TRANSPORT_ERROR_CODE } from './api-error';
import { readText } from './read-blob';
import { currentPathWithSearch, loginPathWithRedirect, navigateTo } from './navigation';
import { notifier as appNotifier, type Notifier } from './notifier';
import { configureSessionApi, useSessionStore } from './session/session-store';

export { ApiError, isApiError } from './api-error';

/** SPEC §8 texts (GLOSSARY-zh.md "Errors and notices"). */
export const API_NOTICES = {
  elsewhereLogin: '账号已在其他地方登录，请确认是否本人操作',
  pleaseLogin: '请登录',
  generic: '接口异常',
  timeout: '网络状态不佳',
  network: '网络连接失败，请检查网络',
} as const;

/** Endpoint whose errors stay silent (SPEC §8). */
const SILENT_URL = '/api/exams';
const SUCCESS = 200;
const IDEMPOTENT_METHODS = new Set(['get', 'head', 'options', 'put', 'delete']);
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const ACTION_KEYS_KEPT = 50;

/** A fresh random `Idempotency-Key`. Not `crypto.randomUUID`, which browsers offer only on https and localhost. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One `Idempotency-Key` per user action: the same write (method, address, body) sent again before it was answered
 * (a second tap after a lost connection or a 502) carries the same key, so the server answers it with the first
 * answer instead of doing it twice; once answered, the next identical write is a new action with a new key.
 */
function createActionKeys() {
  const keys = new Map<string, string>();
  const actionOf = (config: AxiosRequestConfig): string | null => {
    const data: unknown = config.data;
    if (typeof FormData !== 'undefined' && data instanceof FormData) return null;
    if (data instanceof Blob || data instanceof ArrayBuffer) return null;
    return `${(config.method ?? 'get').toLowerCase()} ${config.url ?? ''} ${typeof data === 'string' ? data : JSON.stringify(data ?? null)}`;
  };
  return {
    keyFor(config: AxiosRequestConfig): string {
      const action = actionOf(config);
      if (action === null) return newIdempotencyKey();
      let key = keys.get(action);
      if (!key) {
        key = newIdempotencyKey();
        keys.set(action, key);
        if (keys.size > ACTION_KEYS_KEPT) keys.delete(keys.keys().next().value!);
      }
      return key;
    },
    answered(config: AxiosRequestConfig): void {
      const action = actionOf(config);
      if (action !== null) keys.delete(action);
    },
  };
}
/** Notices of the session-ending branch share one antd key so parallel 406 answers do not stack. */
const AUTH_NOTICE_KEY = 'auth-notice';

export interface RequestOptions extends AxiosRequestConfig {
  /** Show no notice for a failure of this call (the caller shows its own, e.g. form field errors). */
  silent?: boolean;
  /** Do not end the session on a "not logged in" answer (used by logout itself). */
  skipAuthHandling?: boolean;
}

export interface ApiClientOptions {
  getToken(): string | null;
  /** Client-side logout and the redirect to /login (SPEC §8 first row). */
  onUnauthenticated(): void;
  notifier: Notifier;
  now?: () => number;
  timeoutMs?: number;
  retryDelayMs?: number;
}

export interface ApiClient {
  /** The axios instance (tests swap its adapter). */
  readonly axios: AxiosInstance;
  /** Resolves with the whole envelope (when the caller needs `message`, e.g. a success toast). */
  requestEnvelope<T>(config: RequestOptions): Promise<Envelope<T>>;
  /** Resolves with `data` of a code-200 envelope; rejects with ApiError otherwise. */
  request<T>(config: RequestOptions): Promise<T>;
  get<T>(url: string, params?: object, options?: RequestOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, options?: RequestOptions): Promise<T>;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function dataMessage(data: unknown): string {
  if (typeof data === 'object' && data !== null) {
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string') return m;
  }
  return '';
}

function pathOf(url: string | undefined): string {
  return (url ?? '').split(/[?#]/)[0] ?? '';
}

/** axios reports transport failures in English; the UI only speaks Chinese. */
function transportMessage(err: AxiosError): string {
  if (err.code === 'ERR_NETWORK') return API_NOTICES.network;
  if (err.message && /[\u4e00-\u9fa5]/.test(err.message)) return err.message;
  return API_NOTICES.network;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const now = options.now ?? Date.now;
  const retryDelayMs = options.retryDelayMs ?? HTTP_RETRY_DELAY_MS;
  let lastElsewhereNoticeAt = Number.NEGATIVE_INFINITY;

  const instance = axios.create({
    baseURL: '',
    timeout: options.timeoutMs ?? HTTP_TIMEOUT_MS,
    // Error envelopes come with HTTP status = code; read the body instead of letting axios throw.
    validateStatus: () => true,
  });

  const actionKeys = createActionKeys();
  // A file kept on object storage comes as its link (FILE_LINK_HEADER): read straight from storage, without the token.
  instance.interceptors.response.use(async (response) => {
    if (response.config.responseType !== 'blob' || response.headers[FILE_LINK_HEADER] !== '1') return response;
    const link = JSON.parse(await readText(response.data as Blob)) as Envelope<{ url: string }>;
    const file = await fetch(link.data.url, { credentials: 'omit' });
    response.status = file.status;
    response.data = await file.blob();
    return response;
  });
  instance.interceptors.response.use((response) => {
    // An answer below 500 settles the action (done, or refused for its content); a 5xx or no answer leaves it open.
    if (response.status < 500) actionKeys.answered(response.config);
    return response;
  });
  instance.interceptors.request.use((config) => {
    const token = options.getToken();
    if (token) config.headers.set('token', token);
    if (config.responseType === 'blob') config.headers.set(FILE_LINK_HEADER, '1');
    // The server honours the key on the writes a person repeats (orders, applications, comments ...).
    if (WRITE_METHODS.has((config.method ?? 'get').toLowerCase()) && !config.headers.has(IDEMPOTENCY_KEY_HEADER)) {
      config.headers.set(IDEMPOTENCY_KEY_HEADER, actionKeys.keyFor(config));
    }
    return config;
  });

  // Only failures without any response are retried, and only for idempotent methods: a POST that may have
  // reached the server is never repeated by itself (a person who taps again sends the same Idempotency-Key).
  // Timeouts are not retried either (4 x 20 s would freeze the screen).
  axiosRetry(instance, {
    retries: HTTP_RETRIES,
    retryDelay: () => retryDelayMs,
    retryCondition: (err) =>
      !err.response &&
      err.code !== 'ECONNABORTED' &&
      err.code !== 'ETIMEDOUT' &&
      err.code !== 'ERR_CANCELED' &&
      IDEMPOTENT_METHODS.has((err.config?.method ?? 'get').toLowerCase()),
  });

  function fail(err: ApiError, config: RequestOptions, silent = false): never {
    if (!silent && !config.silent) options.notifier.error(err.message);
    throw err;
  }

  function handleErrorEnvelope(body: Envelope<unknown>, config: RequestOptions): never {
    const message = typeof body.message === 'string' ? body.message : '';
    const innerMessage = dataMessage(body.data);
    const notLoggedIn =
      (body.code === ErrorCode.Internal || body.code === ErrorCode.NotLoggedIn) &&
      (message === NOT_LOGGED_IN_MESSAGE || innerMessage === USER_NOT_LOGGED_IN_MESSAGE);

    if (notLoggedIn && !config.skipAuthHandling) {
      const token = options.getToken();
      let text: string;
      if (token && now() - lastElsewhereNoticeAt >= ELSEWHERE_NOTICE_THROTTLE_MS) {
        lastElsewhereNoticeAt = now();
        text = API_NOTICES.elsewhereLogin;
      } else {
        text = token ? API_NOTICES.pleaseLogin : message || innerMessage || API_NOTICES.pleaseLogin;
      }
      options.notifier.error(text, { key: AUTH_NOTICE_KEY });
      options.onUnauthenticated();
      throw new ApiError(body.code, message || innerMessage, body.data ?? null);
    }

    const text = message || innerMessage || API_NOTICES.generic;
    const silent = text.includes(BUY_STUDENT_CARD_MESSAGE) || pathOf(config.url) === SILENT_URL;
    return fail(new ApiError(body.code, text, body.data ?? null), config, silent);
  }

  function handleTransportError(err: unknown, config: RequestOptions): never {
    if (axios.isCancel(err) || (err as AxiosError).code === 'ERR_CANCELED') {
      throw new ApiError(TRANSPORT_ERROR_CODE.Canceled, '请求已取消');
    }
    const axiosErr = err as AxiosError;
    if (axiosErr.code === 'ECONNABORTED' || axiosErr.code === 'ETIMEDOUT') {
      return fail(new ApiError(TRANSPORT_ERROR_CODE.Timeout, API_NOTICES.timeout), config);
    }
    return fail(new ApiError(TRANSPORT_ERROR_CODE.Network, transportMessage(axiosErr)), config);
  }

  async function requestEnvelope<T>(config: RequestOptions): Promise<Envelope<T>> {
    let response: AxiosResponse;
    try {
      response = await instance.request(config);
    } catch (err) {
      handleTransportError(err, config);
    }
    const body: unknown = response.data;
    if (isEnvelope(body)) {
      if (body.code === SUCCESS) return body as Envelope<T>;
      handleErrorEnvelope(body, config);
    }
    // A body without an envelope (proxy error page, empty 502) is an "other error" with no message.
    if (response.status >= 200 && response.status < 300) return { code: SUCCESS, message: '', data: body as T };
    const pseudo: Envelope<unknown> = { code: response.status, message: '', data: null };
    return handleErrorEnvelope(pseudo, config);
  }

  async function request<T>(config: RequestOptions): Promise<T> {
    return (await requestEnvelope<T>(config)).data;
  }

  return {
    axios: instance,
    requestEnvelope,
    request,
    get: (url, params, opts) => request({ ...opts, method: 'GET', url, params }),
    post: (url, body, opts) => request({ ...opts, method: 'POST', url, data: body }),
    put: (url, body, opts) => request({ ...opts, method: 'PUT', url, data: body }),
    delete: (url, opts) => request({ ...opts, method: 'DELETE', url }),
  };
}

/** The app's client: token from the session store, notices through the antd bridge, 406 -> /login. */
export const apiClient = createApiClient({
  getToken: () => useSessionStore.getState().token,
  notifier: appNotifier,
  onUnauthenticated: () => {
    const redirect = currentPathWithSearch();
    useSessionStore.getState().clearSession();
    // Already on the login screen: stay there instead of nesting redirect=/login?redirect=...
    if (window.location.pathname !== '/login') navigateTo(loginPathWithRedirect(redirect), { replace: true });
  },
});

configureSessionApi({
  getCurrentUser: () => apiClient.post<CurrentUser>('/api/users/get_current_user'),
  logout: () => apiClient.post('/api/users/logout', undefined, { silent: true, skipAuthHandling: true }),
});
