import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { AxiosInstance } from 'axios';
import { apiClient } from '@/shared/lib/api-client';

/** What a handler returns: an envelope body (HTTP status = code unless given), or a transport failure. */
export type MockReply =
  | { code: number; message: string; data: unknown; status?: number }
  | { networkError: true }
  | { timeout: true };

export type MockHandler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export interface MockCall {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

export function ok(data: unknown, message = '操作成功'): MockReply {
  return { code: 200, message, data };
}

/**
 * Replaces the HTTP transport of an axios instance (default: the app's apiClient) with handlers keyed by
 * 'METHOD /path' (query ignored). Unhandled requests answer 404 envelopes. Returns the recorded calls.
 */
export function mockApi(handlers: Record<string, MockHandler | MockReply>, instance: AxiosInstance = apiClient.axios) {
  const calls: MockCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').split('?')[0] ?? '';
    const raw = config.data;
    calls.push({
      method,
      url,
      token: config.headers?.get?.('token') as string | undefined,
      body: typeof raw === 'string' ? safeJson(raw) : raw,
    });
    const handler = handlers[`${method} ${url}`];
    const reply: MockReply = handler
      ? typeof handler === 'function'
        ? await handler(config)
        : handler
      : { code: 404, message: '请求的资源不存在', data: null };
    if ('networkError' in reply) throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    if ('timeout' in reply) throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config);
    const { status, ...body } = reply;
    const response: AxiosResponse = {
      data: body,
      status: status ?? (body.code === 200 ? 200 : body.code),
      statusText: '',
      headers: {},
      config,
    };
    return response;
  };
  instance.defaults.adapter = adapter;
  return { calls };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
