import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { talentMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { unwrapUserApplyJob } from './talent.routes';
import { api, GOOD_JOB, multipartBody, postForm } from './talent.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('select options', () => {
  it('serves every province with its cities, the finance position tree and industries', async () => {
    const res = await api(t, 'GET', '/api/select_options');
    expect(res.code).toBe(200);
    const { areas, positions, industries } = res.data;
    expect(areas).toHaveLength(34);
    expect(areas.reduce((n: number, p: { sub_arr: unknown[] }) => n + p.sub_arr.length, 0)).toBeGreaterThan(
      380,
    );
    const henan = areas.find((p: { name: string }) => p.name === '河南省');
    expect(henan.sub_arr.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['郑州市', '洛阳市', '济源市']),
    );
    expect(areas.find((p: { name: string }) => p.name === '北京市').sub_arr).toEqual([
      { id: 1101, name: '北京市' },
    ]);
    const management = positions.find((p: { name: string }) => p.name === '财务管理');
    expect(management.sub_arr.map((c: { name: string }) => c.name)).toContain('财务总监');
    expect(industries.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(['制造业', '金融业', '房地产']),
    );
  });
});

describe('job intention rules (server side)', () => {
  const required: [field: string, message: string][] = [
    ['name', '请输入姓名'],
    ['sex', '请选择性别'],
    ['biithday', '请选择出生日期'],
    ['citys', '请选择地区'],
    ['industries', '请选择行业'],
    ['positions', '请选择职位'],
    ['salary', '请选择薪资要求'],
  ];

  it.each(required)('refuses an empty %s with "%s"', async (field, message) => {
    const me = await createUser(t);
    const res = await postForm(t, 'POST', '/api/user_apply_jobs', me, { ...GOOD_JOB, [field]: '' });
    expect(res.code).toBe(400);
    expect(res.message).toBe(message);
    expect(res.data.fieldErrors[field]).toBe(message);
  });

  it('names every missing field at once when nothing is sent', async () => {
    const me = await createUser(t);
    const res = await postForm(t, 'POST', '/api/user_apply_jobs', me, {});
    expect(res.code).toBe(400);
    expect(res.data.fieldErrors).toMatchObject(Object.fromEntries(required));
  });

  it.each([
    ['citys', '河南省:郑州市,河南省:洛阳市,北京市:北京市,上海市:上海市'],
    ['positions', '财务经理,总账会计,出纳员,审计经理'],
    ['industries', '制造业,金融业,房地产,建筑业'],
  ])('refuses four %s with the three-limit message', async (field, value) => {
    const me = await createUser(t);
    const res = await postForm(t, 'POST', '/api/user_apply_jobs', me, { ...GOOD_JOB, [field]: value });
    expect(res.code).toBe(400);
    expect(res.message).toBe('地区、行业、职位目标均不能超过三个');
    expect((await api(t, 'GET', '/api/user_apply_jobs', me)).data).toEqual([]);
  });

  it('refuses a birthday tomorrow, and an age under 16', async () => {
    const me = await createUser(t);
    // The test clock is 2025-01-01 08:00 China time.
    const tomorrow = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      biithday: '2025-01-02',
    });
    expect(tomorrow.code).toBe(400);
    expect(tomorrow.data.fieldErrors.biithday).toBe(talentMessages.birthdayInFuture);
    const young = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      biithday: '2010-06-01',
    });
    expect(young.data.fieldErrors.biithday).toBe('年龄须满16周岁');
    const bad = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      biithday: '1990-02-30',
    });
    expect(bad.data.fieldErrors.biithday).toBe('出生日期格式不正确');
  });

  it('refuses names that are not in the option data, a bad sex and a salary outside the seven bands', async () => {
    const me = await createUser(t);
    const city = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      citys: '河南省:广州市',
    });
    expect(city.data.fieldErrors.citys).toBe(talentMessages.regionInvalid);
    const position = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      positions: '宇航员',
    });
    expect(position.data.fieldErrors.positions).toBe(talentMessages.positionInvalid);
    const industry = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      industries: '魔法',
    });
    expect(industry.data.fieldErrors.industries).toBe(talentMessages.industryInvalid);
    const sex = await postForm(t, 'POST', '/api/user_apply_jobs', me, { ...GOOD_JOB, sex: '未知' });
    expect(sex.data.fieldErrors.sex).toBe(talentMessages.sexInvalid);
    const salary = await postForm(t, 'POST', '/api/user_apply_jobs', me, { ...GOOD_JOB, salary: '7' });
    expect(salary.data.fieldErrors.salary).toBe(talentMessages.salaryInvalid);
  });

  it('needs a login', async () => {
    const res = await api(t, 'GET', '/api/user_apply_jobs');
    expect(res.code).toBe(406);
    const post = await t.app.inject({ method: 'POST', url: '/api/user_apply_jobs', payload: { name: 'x' } });
    expect(post.statusCode).toBe(406);
  });
});

describe('job intention records', () => {
  it('publishes from a urlencoded form, lists it first, and a second POST updates the same record', async () => {
    const me = await createUser(t, { memberDays: 30 });
    const created = await postForm(t, 'POST', '/api/user_apply_jobs', me, GOOD_JOB);
    expect(created.code).toBe(200);
    expect(created.message).toBe('发布成功');
    expect(created.data).toMatchObject({
      user_id: me.id,
      name: '张三',
      sex: 0,
      biithday: '1990-05-01',
      salary: 3,
      show_personal_info: true,
      citys: '河南省:郑州市,北京市:北京市',
      positions: '财务经理,总账会计',
      industries: '制造业,金融业',
    });
    const again = await postForm(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      sex: '女',
      salary: '0',
    });
    expect(again.data).toMatchObject({ id: created.data.id, sex: 1, salary: 0 });
    const list = await api(t, 'GET', `/api/user_apply_jobs?user_id=${me.id}`, me);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: created.data.id, sex: 1 });
  });

  it('updates with PUT from a multipart form carrying user_apply_job[id], and POST /api/user_infos/ upserts', async () => {
    const me = await createUser(t);
    const created = await postForm(t, 'POST', '/api/user_apply_jobs', me, GOOD_JOB);
    const id = created.data.id as number;
    const fields = Object.fromEntries(
      Object.entries({
        ...GOOD_JOB,
        id: String(id),
        name: '李四',
        sex: '1',
        show_personal_info: 'false',
      }).map(([k, v]) => [`user_apply_job[${k}]`, v]),
    );
    const body = multipartBody(fields);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user_apply_jobs/${id}`,
      headers: { ...me.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ id, name: '李四', sex: 1, show_personal_info: false });

    const infos = multipartBody(
      Object.fromEntries(
        Object.entries({ ...GOOD_JOB, name: '王五' }).map(([k, v]) => [`user_apply_job[${k}]`, v]),
      ),
    );
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/user_infos/',
      headers: { ...me.headers, 'content-type': infos.contentType },
      payload: infos.payload,
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data).toMatchObject({ id, name: '王五' });

    // The multipart form is validated like the others.
    const bad = multipartBody({ 'user_apply_job[name]': '' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user_infos/',
      headers: { ...me.headers, 'content-type': bad.contentType },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fieldErrors).toMatchObject({ name: '请输入姓名', sex: '请选择性别' });
  });

  it('unwraps user_apply_job[...] names and ignores a user_apply_job[__proto__] field', () => {
    const out = unwrapUserApplyJob({
      'user_apply_job[name]': '张三',
      'user_apply_job[__proto__]': { sex: '男' },
    });
    expect(out).toEqual({ name: '张三' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out.sex).toBeUndefined();
  });

  it('accepts JSON with plain keys', async () => {
    const me = await createUser(t);
    const res = await api(t, 'POST', '/api/user_apply_jobs', me, {
      ...GOOD_JOB,
      sex: 1,
      salary: 6,
      show_personal_info: false,
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ sex: 1, salary: 6, show_personal_info: false });
  });

  it("answers 404 to PUT on another user's record and never lists it", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const created = await postForm(t, 'POST', '/api/user_apply_jobs', owner, GOOD_JOB);
    const put = await postForm(t, 'PUT', `/api/user_apply_jobs/${created.data.id}`, other, {
      ...GOOD_JOB,
      name: '冒名',
    });
    expect(put.code).toBe(404);
    // A POST naming someone else's record id is refused too, not turned into an update of theirs.
    const post = await postForm(t, 'POST', '/api/user_apply_jobs', other, {
      ...GOOD_JOB,
      id: String(created.data.id),
    });
    expect(post.code).toBe(404);
    expect((await api(t, 'GET', `/api/user_apply_jobs?user_id=${owner.id}`, other)).data).toEqual([]);
    expect((await api(t, 'GET', `/api/user_apply_jobs?user_id=${owner.id}`, owner)).data[0].name).toBe(
      '张三',
    );
  });
});

describe('api document', () => {
  it('documents the talent endpoints in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/user_apply_jobs',
        '/api/user_infos/',
        '/api/customer_edus/{id}/',
        '/api/rcpjs/submit_apply',
      ]),
    );
  });
});
