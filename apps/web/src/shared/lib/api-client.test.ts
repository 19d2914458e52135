import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { API_NOTICES, ApiError, createApiClient } from './api-client';
import { readText } from './read-blob';

function setup(token: string | null = 'tok-1') {
  const state = { token };
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() };
  const onUnauthenticated = vi.fn(() => {
    state.token = null;
  });
  const client = createApiClient({
    getToken: () => state.token,
    onUnauthenticated,
    notifier,
    retryDelayMs: 1,
  });
  return { client, notifier, onUnauthenticated, state };
}

const notice = (n: { error: ReturnType<typeof vi.fn> }) => n.error.mock.calls.map((c) => c[0] as string);

describe('api client: success and headers', () => {
  it('sends the token header and resolves with data of a code-200 envelope', async () => {
    const { client } = setup('abc');
    const { calls } = mockApi({ 'GET /api/things': ok({ n: 1 }) }, client.axios);
    await expect(client.get('/api/things')).resolves.toEqual({ n: 1 });
    expect(calls[0]?.token).toBe('abc');
  });

  it('sends no token header without a token', async () => {
    const { client } = setup(null);
    const { calls } = mockApi({ 'GET /api/things': ok([]) }, client.axios);
    await client.get('/api/things');
    expect(calls[0]?.token).toBeUndefined();
  });
});

describe('api client: not logged in (SPEC §8 first row)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('with a token shows the elsewhere-login notice, logs out and rejects', async () => {
    const { client, notifier, onUnauthenticated } = setup('tok');
    mockApi({ 'GET /api/a': { code: 406, message: '未登录', data: null } }, client.axios);
    const err = await client.get('/api/a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(406);
    expect(notice(notifier)).toEqual([API_NOTICES.elsewhereLogin]);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('matches code 500 with data.message 用户未登录 too', async () => {
    const { client, notifier, onUnauthenticated } = setup('tok');
    mockApi({ 'POST /api/b': { code: 500, message: '', data: { message: '用户未登录' } } }, client.axios);
    await expect(client.post('/api/b', {})).rejects.toBeInstanceOf(ApiError);
    expect(notice(notifier)).toEqual([API_NOTICES.elsewhereLogin]);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('within 3 s of an elsewhere notice shows 请登录 while a token exists, then the notice again after 3 s', async () => {
    const { client, notifier, state } = setup('tok');
    mockApi({ 'GET /api/a': { code: 406, message: '未登录', data: null } }, client.axios);
    await client.get('/api/a').catch(() => {});
    state.token = 'tok-again'; // e.g. logged in again quickly
    vi.setSystemTime(Date.now() + 2_999);
    await client.get('/api/a').catch(() => {});
    state.token = 'tok-third';
    vi.setSystemTime(Date.now() + 1);
    await client.get('/api/a').catch(() => {});
    expect(notice(notifier)).toEqual([API_NOTICES.elsewhereLogin, API_NOTICES.pleaseLogin, API_NOTICES.elsewhereLogin]);
  });

  it('without a token shows the server message', async () => {
    const { client, notifier, onUnauthenticated } = setup(null);
    mockApi({ 'GET /api/a': { code: 406, message: '未登录', data: null } }, client.axios);
    await client.get('/api/a').catch(() => {});
    expect(notice(notifier)).toEqual(['未登录']);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('a 500 with another message is an ordinary error and keeps the session', async () => {
    const { client, notifier, onUnauthenticated } = setup('tok');
    mockApi({ 'GET /api/a': { code: 500, message: '服务器开小差了，请稍后再试', data: null } }, client.axios);
    await client.get('/api/a').catch(() => {});
    expect(notice(notifier)).toEqual(['服务器开小差了，请稍后再试']);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('skipAuthHandling (logout call) neither notifies as elsewhere-login nor logs out', async () => {
    const { client, notifier, onUnauthenticated } = setup('tok');
    mockApi({ 'POST /api/users/logout': { code: 406, message: '未登录', data: null } }, client.axios);
    await client.post('/api/users/logout', undefined, { silent: true, skipAuthHandling: true }).catch(() => {});
    expect(notifier.error).not.toHaveBeenCalled();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});

describe('api client: other error envelopes', () => {
  it('shows message, else data.message, else 接口异常, and rejects with code, message and field errors', async () => {
    const { client, notifier } = setup();
    mockApi(
      {
        'POST /api/m': { code: 400, message: '请求参数有误', data: { fieldErrors: { phone: '手机号格式不正确' } } },
        'POST /api/d': { code: 409, message: '', data: { message: '手机号已注册' } },
        'POST /api/g': { code: 422, message: '', data: null },
      },
      client.axios,
    );
    const err = (await client.post('/api/m', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(400);
    expect(err.fieldErrors).toEqual({ phone: '手机号格式不正确' });
    await client.post('/api/d', {}).catch(() => {});
    await client.post('/api/g', {}).catch(() => {});
    expect(notice(notifier)).toEqual(['请求参数有误', '手机号已注册', API_NOTICES.generic]);
  });

  it('stays silent for 请购买学员卡 and for /api/exams, but still rejects', async () => {
    const { client, notifier } = setup();
    mockApi(
      {
        'GET /api/member_courses': { code: 403, message: '请购买学员卡后学习', data: null },
        'GET /api/exams': { code: 404, message: '考试不存在', data: null },
      },
      client.axios,
    );
    await expect(client.get('/api/member_courses')).rejects.toMatchObject({ code: 403 });
    await expect(client.get('/api/exams', { page: 1 })).rejects.toMatchObject({ code: 404 });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a silent request shows nothing', async () => {
    const { client, notifier } = setup();
    mockApi({ 'POST /api/x': { code: 400, message: '请求参数有误', data: null } }, client.axios);
    await client.post('/api/x', {}, { silent: true }).catch(() => {});
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a non-envelope HTTP error (proxy page) shows 接口异常', async () => {
    const { client, notifier } = setup();
    client.axios.defaults.adapter = async (config) => ({ data: '<html>Bad Gateway</html>', status: 502, statusText: '', headers: {}, config });
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 502 });
    expect(notice(notifier)).toEqual([API_NOTICES.generic]);
  });
});

describe('api client: transport failures and retries', () => {
  it('a timeout shows 网络状态不佳 and is not retried', async () => {
    const { client, notifier } = setup();
    const { calls } = mockApi({ 'GET /api/slow': { timeout: true } }, client.axios);
    await expect(client.get('/api/slow')).rejects.toMatchObject({ message: API_NOTICES.timeout });
    expect(notice(notifier)).toEqual([API_NOTICES.timeout]);
    expect(calls).toHaveLength(1);
  });

  it('retries a GET 3 times on network errors and succeeds when the network returns', async () => {
    const { client, notifier } = setup();
    let n = 0;
    const { calls } = mockApi({ 'GET /api/flaky': () => (++n < 4 ? { networkError: true } : ok('fine')) }, client.axios);
    await expect(client.get('/api/flaky')).resolves.toBe('fine');
    expect(calls).toHaveLength(4);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('gives up after 3 retries with a Chinese network notice', async () => {
    const { client, notifier } = setup();
    const { calls } = mockApi({ 'DELETE /api/notes/1': { networkError: true } }, client.axios);
    await expect(client.delete('/api/notes/1')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(4);
    expect(notice(notifier)).toEqual([API_NOTICES.network]);
  });

  it('never repeats a POST', async () => {
    const { client } = setup();
    const { calls } = mockApi({ 'POST /api/orders/check_order': { networkError: true } }, client.axios);
    await expect(client.post('/api/orders/check_order', { id: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('does not retry an answered error', async () => {
    const { client } = setup();
    const { calls } = mockApi({ 'GET /api/x': { code: 503, message: '服务暂不可用，请稍后再试', data: null } }, client.axios);
    await client.get('/api/x').catch(() => {});
    expect(calls).toHaveLength(1);
  });
});

describe('api client: envelope access', () => {
  it('requestEnvelope resolves with the server message for success toasts', async () => {
    const { client } = setup();
    mockApi({ 'PUT /api/user_apply_jobs/3': ok({ id: 3 }, '保存成功') }, client.axios);
    await expect(client.requestEnvelope({ method: 'PUT', url: '/api/user_apply_jobs/3', data: {} })).resolves.toEqual({
      code: 200,
      message: '保存成功',
      data: { id: 3 },
    });
  });
});

describe('api client: Idempotency-Key', () => {
  const keyOf = (config: { headers?: { get?: (name: string) => unknown } }) => config.headers?.get?.('idempotency-key') as string | undefined;

  it('sends the same key when a person repeats an unanswered write, and a new key once it was answered', async () => {
    const { client } = setup();
    const seen: (string | undefined)[] = [];
    let answer: 'lost' | 'ok' = 'lost';
    mockApi(
      {
        'POST /api/comments': (config) => {
          seen.push(keyOf(config));
          return answer === 'lost' ? { networkError: true } : ok({ id: 1 });
        },
        'GET /api/comments': (config) => {
          seen.push(keyOf(config));
          return ok([]);
        },
      },
      client.axios,
    );
    const body = { course_id: 3, content: '讲得很好' };
    await client.post('/api/comments', body).catch(() => {});
    answer = 'ok';
    await client.post('/api/comments', body);
    await client.post('/api/comments', body);
    await client.post('/api/comments', { ...body, content: '另一条' });
    await client.get('/api/comments');
    const [lost, repeat, next, other, read] = seen;
    expect(lost).toMatch(/^[0-9a-f]{32}$/);
    expect(repeat).toBe(lost);
    expect(next).not.toBe(lost);
    expect(other).not.toBe(next);
    expect(read).toBeUndefined();
  });
});

describe('api client: files kept on object storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a download by link, then reads the link from storage without the session token', async () => {
    const { client } = setup('secret-token');
    const seen: { fileLink?: string } = {};
    client.axios.defaults.adapter = async (config) => {
      seen.fileLink = config.headers.get('x-file-link') as string;
      return {
        data: new Blob([JSON.stringify({ code: 200, message: '', data: { url: 'https://files.example.cn/licence.pdf?X-Amz-Signature=ab' } })]),
        status: 200,
        statusText: '',
        headers: { 'x-file-link': '1' },
        config,
      };
    };
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const blob = await client.request<Blob>({ method: 'GET', url: '/api/companies/1/licence', responseType: 'blob' });
    expect(seen.fileLink).toBe('1');
    expect(await readText(blob)).toBe('%PDF-1.7');
    expect(fetchMock).toHaveBeenCalledWith('https://files.example.cn/licence.pdf?X-Amz-Signature=ab', { credentials: 'omit' });
  });

  it('takes a file the server sends itself as it comes', async () => {
    const { client } = setup('secret-token');
    client.axios.defaults.adapter = async (config) => ({ data: new Blob(['%PDF-1.4']), status: 200, statusText: '', headers: {}, config });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const blob = await client.request<Blob>({ method: 'GET', url: '/api/invoices/1/pdf', responseType: 'blob' });
    expect(await readText(blob)).toBe('%PDF-1.4');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
