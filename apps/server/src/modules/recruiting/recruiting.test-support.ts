import { expect } from 'vitest';
import type { PostBody } from '@app/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { api, GOOD_JOB, multipartBody, PNG, postForm } from '../talent/talent.test-support';

/** Helpers for the recruiting API tests (not a test file itself). */

export const COMPANY_PROFILE = {
  name: '郑州恒信财务咨询有限公司',
  industry: '咨询与专业服务',
  unit_size: 3,
  city: '河南省:郑州市',
  address: '郑东新区商务外环路8号',
  intro: '专注中小企业代理记账与税务筹划。',
  contact_name: '王经理',
  contact_phone: '13912345678',
};

/** A post body that passes every rule, expiring `days` ahead of the test clock. */
export function goodPost(t: TestApp, over: Partial<PostBody> = {}, days = 30): PostBody {
  const expires = new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    title: '总账会计',
    position: '总账会计',
    position_level: 1,
    citys: '河南省:郑州市',
    salary_band: 3,
    experience: 2,
    education: 3,
    headcount: 2,
    description: '负责总账核算与月结报表。',
    expires_on: expires,
    submit: true,
    ...over,
  };
}

export async function uploadLicence(t: TestApp, user: TestUser, content: Buffer = PNG) {
  const body = multipartBody({}, { name: 'licence.png', content });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/companies/mine/licence',
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return res.json() as { code: number; message: string; data: { status: string } };
}

/** A company account with a saved profile, verified by `staff`. */
export async function verifiedCompany(
  t: TestApp,
  staff: TestUser,
  name = COMPANY_PROFILE.name,
): Promise<TestUser> {
  const c = await createUser(t, { role: 'company' });
  expect((await api(t, 'PUT', '/api/companies/mine', c, { ...COMPANY_PROFILE, name })).code).toBe(200);
  expect((await uploadLicence(t, c)).code).toBe(200);
  expect((await api(t, 'POST', `/api/admin/companies/${c.id}/review`, staff, { approve: true })).code).toBe(
    200,
  );
  return c;
}

/** An online post of `company` (created, then approved by `staff`). */
export async function onlinePost(
  t: TestApp,
  company: TestUser,
  staff: TestUser,
  over: Partial<PostBody> = {},
) {
  const created = await api(t, 'POST', '/api/job_posts', company, goodPost(t, over));
  expect(created.code, created.message).toBe(200);
  const approved = await api(t, 'POST', `/api/admin/job_posts/${created.data.id}/review`, staff, {
    approve: true,
  });
  expect(approved.data.status).toBe('online');
  return approved.data as { id: number; title: string };
}

/** A personal account with a job intention (public unless `show` is 'false'). */
export async function jobSeeker(
  t: TestApp,
  fields: Record<string, string> = {},
  opts: { memberDays?: number } = {},
) {
  const p = await createUser(t, { memberDays: opts.memberDays });
  const res = await postForm(t, 'POST', '/api/user_apply_jobs', p, { ...GOOD_JOB, ...fields });
  expect(res.code).toBe(200);
  return p;
}
