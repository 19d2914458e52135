import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createUser, type TestUser } from '../testing/test-users';

let t: TestApp;
let person: TestUser;
let company: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    extraModules: [
      async (app) => {
        // What drizzle raises for a value PostgreSQL refuses: the driver's error (SQLSTATE 22021) in `cause`.
        app.get('/api/test/data-exception', async () => {
          throw Object.assign(new Error('Failed query'), {
            cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
          });
        });
      },
    ],
  });
  person = await createUser(t);
  company = await createUser(t, { role: 'company' });
});
afterAll(() => t.close());

interface Probe {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  field: string;
  as?: () => TestUser;
  payload?: unknown;
}

// The nine routes where a NUL byte reached PostgreSQL and answered 500.
const NUL_PROBES: Probe[] = [
  { name: 'certificate by number', method: 'GET', url: '/api/certificates/%00', field: 'number' },
  { name: 'exam type by name', method: 'GET', url: '/api/exam_types/%00', field: 'typeName' },
  { name: 'job board keyword', method: 'GET', url: '/api/job_board?keyword=%00', field: 'keyword' },
  { name: 'job board city', method: 'GET', url: '/api/job_board?city=a%00b', field: 'city' },
  { name: 'Q&A keyword', method: 'GET', url: '/api/quiz/questions?keyword=%00', field: 'keyword' },
  { name: 'article keyword', method: 'GET', url: '/api/articles?keyword=%00', field: 'keyword' },
  { name: 'course list keyword', method: 'GET', url: '/coursepoolapi/course_pools?keyword=%00', field: 'keyword' },
  { name: 'talent query position', method: 'GET', url: '/api/talents?position=%00', field: 'position', as: () => company },
  {
    name: 'nickname',
    method: 'POST',
    url: '/api/users/user_setting',
    field: 'nickname',
    as: () => person,
    payload: { nickname: 'a\u0000b' },
  },
];

describe('text the database cannot store', () => {
  it.each(NUL_PROBES)('a NUL byte in the $name answers 400 naming the field', async (probe) => {
    const res = await t.app.inject({
      method: probe.method,
      url: probe.url,
      headers: probe.as ? probe.as().headers : {},
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: number; message: string; data: { fieldErrors: Record<string, string> } }>();
    expect(body.code).toBe(400);
    expect(body.message).toContain(probe.field);
    expect(Object.keys(body.data.fieldErrors)).toEqual([probe.field]);
  });

  it('a lone surrogate in a JSON body answers 400 naming the nested field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/user_setting',
      headers: { ...person.headers, 'content-type': 'application/json' },
      payload: '{"nickname":"ok","extra":{"list":["fine","\\ud800"]}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toHaveProperty(['extra.list.1']);
  });

  it('a NUL byte in an object key answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/user_setting',
      headers: { ...person.headers, 'content-type': 'application/json' },
      payload: '{"nick\\u0000name":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('a well-formed surrogate pair (an emoji) and ordinary Chinese pass the rule', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/user_setting',
      headers: person.headers,
      payload: { nickname: '小明😀' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nickname).toBe('小明😀');
  });
});

describe('the error handler, second line', () => {
  it('maps a PostgreSQL data exception (class 22) to a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/data-exception' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '请求参数有误', data: null });
  });
});

describe('ids past the database range', () => {
  it.each([
    '/api/articles/2147483648',
    '/api/articles/2147483648/versions/1',
    '/api/job_board/9007199254740993',
    '/api/admin/users/2147483648',
  ])('%s answers 400 or 404, not 500', async (url) => {
    const admin = await createUser(t, { staff: true });
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().code).toBe(res.statusCode);
  });
});

describe('requests the router or the body parser cannot read', () => {
  it('a bad %-escape in the path answers the envelope with the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '请求地址无效', data: null });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('a broken multipart body answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { ...person.headers, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'garbage that is not multipart at all\r\n--zz',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });
});
