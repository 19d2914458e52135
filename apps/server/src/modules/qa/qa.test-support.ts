import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { expertProfiles } from '../content';
import type { Json } from '../../testing/json';
import { PNG } from '../../testing/images';

export { PNG };

/** Helpers for the Q&A API tests (not a test file itself). */


export interface Answer<T = Json> {
  status: number;
  code: number;
  message: string;
  data: T;
}

/** JSON call; checks the HTTP status equals the envelope code. */
export async function api<T = Json>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: TestUser | null,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { code: number; message: string; data: T };
  expect(res.statusCode, res.body).toBe(json.code);
  return { status: res.statusCode, code: json.code, message: json.message, data: json.data };
}

/** Uploads one file to POST /api/quiz/images. */
export async function uploadImage(t: TestApp, user: TestUser, content: Buffer, name = 'invoice.png') {
  const boundary = `----qa${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quiz/images',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as Answer<{ id: number; url: string }>;
}


let experts = 0;

/** A new account linked by staff (through the API) to a new expert profile answering `categories`. */
export async function createExpert(
  t: TestApp,
  staff: TestUser,
  categories: string[] = ['个人所得税'],
): Promise<TestUser & { profileId: number; name: string }> {
  const user = await createUser(t);
  const name = `测试专家${++experts}号`;
  const profileId = await expertProfiles(t.db).save(
    {
      name,
      title: '注册税务师',
      organisation: `测试税务师事务所${process.pid}`,
      photo: null,
      fields: categories,
      introduction: '从事税务咨询工作十余年。',
      works: [],
    },
    t.clock.now(),
  );
  const linked = await api(t, 'PUT', `/api/admin/quiz/experts/${profileId}`, staff, {
    phone: user.phone,
    categories,
  });
  expect(linked.code, linked.message).toBe(200);
  return { ...user, profileId, name };
}

/** A valid question body. */
export const question = (over: Record<string, unknown> = {}) => ({
  title: '年终奖单独计税政策还能用吗',
  category: '个人所得税',
  body: '公司今年12月发放年终奖3万元，请问能否选择单独计税？',
  is_public: true,
  ...over,
});
