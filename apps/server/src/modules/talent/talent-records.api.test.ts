import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TALENT_ATTACHMENT_MAX_BYTES,
  TALENT_ATTACHMENT_PDF_MAX_PAGES,
  TALENT_RECORDS_MAX,
  talentMessages,
} from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { FAKE_PDF, pdfFixture } from '../../testing/pdfs';
import { createUser, type TestUser } from '../../testing/test-users';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createLocalStorage } from '../../lib/storage';
import { createTalentService } from './talent.service';
import { talentAttachments } from './talent.table';
import { api, GOOD_JOB, multipartBody, PDF, PNG, postForm, upload } from './talent.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const personalInfo = async (user: TestUser) =>
  (await api(t, 'GET', '/api/user_infos/personal_info', user)).data.personal_info;

const SAMPLES = {
  customer_edus: {
    create: {
      school: '郑州大学',
      major: '会计学',
      degree: 3,
      start_date: '2008-09-01',
      end_date: '2012-06-30',
    },
    update: {
      school: '河南财经政法大学',
      major: '财务管理',
      degree: 4,
      start_date: '2012-09-01',
      end_date: '2015-06-30',
    },
    check: 'school',
  },
  customer_jobs: {
    create: {
      company: '示例制造有限公司',
      position: '总账会计',
      position_level: 1,
      start_date: '2015-07-01',
      end_date: null,
      duties: '负责总账核算',
    },
    update: {
      company: '示例制造有限公司',
      position: '财务经理',
      position_level: 2,
      start_date: '2015-07-01',
      end_date: '2020-01-01',
      duties: null,
    },
    check: 'position',
  },
  credentials: {
    create: { name: '中级会计师', number: 'ZJ2018001', issuer: '财政部', issued_on: '2018-10-01' },
    update: { name: '高级会计师', number: null, issuer: '河南省人社厅', issued_on: '2022-03-01' },
    check: 'name',
  },
  job_profits: {
    create: { title: '年度优秀员工', profit_type: 1, awarded_on: '2019-12-31', issuer: '示例制造有限公司' },
    update: { title: '财务创新奖', profit_type: 3, awarded_on: '2021-12-31', issuer: '示例集团' },
    check: 'title',
  },
  papers: {
    create: {
      title: '业财融合下的预算管理',
      publication: '财务与会计',
      published_on: '2020-05-01',
      link: 'https://example.com/p/1',
    },
    update: {
      title: '管理会计工具的应用',
      publication: '中国管理会计',
      published_on: '2021-05-01',
      link: '',
    },
    check: 'title',
  },
} as const;

describe('talent records', () => {
  it.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])(
    'creates, updates and deletes %s, and the talent info follows',
    async (kind) => {
      const me = await createUser(t);
      const s = SAMPLES[kind];
      const created = await api(t, 'POST', `/api/${kind}/`, me, s.create);
      expect(created.code, created.message).toBe(200);
      expect(created.message).toBe('保存成功');
      const id = created.data.id as number;
      expect((await personalInfo(me))[kind].map((r: { id: number }) => r.id)).toEqual([id]);

      const updated = await api(t, 'PUT', `/api/${kind}/${id}/`, me, s.update);
      expect(updated.code, updated.message).toBe(200);
      const check = s.check as keyof typeof s.update;
      expect(updated.data[check]).toBe(s.update[check]);
      expect((await personalInfo(me))[kind][0][check]).toBe(s.update[check]);

      const removed = await api(t, 'DELETE', `/api/${kind}/${id}/`, me);
      expect(removed).toMatchObject({ code: 200, message: '删除成功', data: null });
      expect((await personalInfo(me))[kind]).toEqual([]);
    },
  );

  it.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])(
    "answers 404 to PUT and DELETE of another user's %s",
    async (kind) => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const s = SAMPLES[kind];
      const { id } = (await api(t, 'POST', `/api/${kind}/`, owner, s.create)).data;
      expect((await api(t, 'PUT', `/api/${kind}/${id}/`, other, s.update)).code).toBe(404);
      expect((await api(t, 'DELETE', `/api/${kind}/${id}/`, other)).code).toBe(404);
      const check = s.check as keyof typeof s.create;
      expect((await personalInfo(owner))[kind][0][check]).toBe(s.create[check]);
    },
  );

  it('refuses missing fields, dates in the future, an end before the start and a bad link', async () => {
    const me = await createUser(t);
    const empty = await api(t, 'POST', '/api/customer_edus/', me, {});
    expect(empty.code).toBe(400);
    expect(empty.data.fieldErrors).toMatchObject({
      school: '请输入学校名称',
      major: '请输入专业',
      degree: '请选择学历',
      start_date: '请选择开始日期',
    });
    const future = await api(t, 'POST', '/api/credentials/', me, {
      ...SAMPLES.credentials.create,
      issued_on: '2025-01-02',
    });
    expect(future).toMatchObject({ code: 400, message: talentMessages.dateInFuture });
    const backwards = await api(t, 'POST', '/api/customer_jobs/', me, {
      ...SAMPLES.customer_jobs.create,
      end_date: '2010-01-01',
    });
    expect(backwards.data.fieldErrors.end_date).toBe('结束日期不能早于开始日期');
    const level = await api(t, 'POST', '/api/customer_jobs/', me, {
      ...SAMPLES.customer_jobs.create,
      position_level: 9,
    });
    expect(level.data.fieldErrors.position_level).toBe(talentMessages.positionLevelInvalid);
    const link = await api(t, 'POST', '/api/papers/', me, {
      ...SAMPLES.papers.create,
      link: 'javascript:alert(1)',
    });
    expect(link.data.fieldErrors.link).toBe(talentMessages.linkInvalid);
    const long = await api(t, 'POST', '/api/job_profits/', me, {
      ...SAMPLES.job_profits.create,
      title: '奖'.repeat(101),
    });
    expect(long.data.fieldErrors.title).toBe('不能超过100个字');
    expect((await personalInfo(me)).customer_jobs).toEqual([]);
  });

  it('refuses record dates before 1900', async () => {
    const me = await createUser(t);
    const old = await api(t, 'POST', '/api/papers/', me, {
      ...SAMPLES.papers.create,
      published_on: '0001-01-01',
    });
    expect(old).toMatchObject({ code: 400, message: talentMessages.dateTooEarly });
    const oldEnd = await api(t, 'POST', '/api/customer_edus/', me, {
      ...SAMPLES.customer_edus.create,
      start_date: '1899-09-01',
    });
    expect(oldEnd.data.fieldErrors.start_date).toBe(talentMessages.dateTooEarly);
    expect((await personalInfo(me)).papers).toEqual([]);
  });

  it('answers ids too large for the database with 400, never a server error', async () => {
    const me = await createUser(t);
    const staff = await createUser(t, { staff: true });
    const huge = '99999999999';
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['PUT', `/api/papers/${huge}/`, SAMPLES.papers.create],
      ['DELETE', `/api/credentials/${huge}/`],
      ['POST', '/api/credentials/', { ...SAMPLES.credentials.create, attachment_id: Number(huge) }],
      ['GET', `/api/talent_attachments/${huge}/file`],
      ['GET', `/api/user_infos/public_portrait?user_id=${huge}`],
      ['GET', `/api/user_infos/show_personal_info?user_id=${huge}`],
      ['GET', `/api/user_apply_jobs?user_id=${huge}`],
      ['POST', '/api/rcpjs/submit_apply', { id: Number(huge), statement: '说明', credential_ids: [1] }],
      ['POST', '/api/stars/apply_cancel', { id: Number(huge) }],
      ['POST', '/api/center_rcpj_got_it', { id: Number(huge) }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(t, method, url, me, body)).code, `${method} ${url}`).toBe(400);
    }
    expect((await api(t, 'POST', `/api/admin/rcpjs/${huge}/review`, staff, { approve: true })).code).toBe(
      400,
    );
    const put = await postForm(t, 'PUT', `/api/user_apply_jobs/${huge}`, me, GOOD_JOB);
    expect(put.code).toBe(400);
    const post = await postForm(t, 'POST', '/api/user_apply_jobs', me, { ...GOOD_JOB, id: 'abc' });
    expect(post).toMatchObject({ code: 400, message: talentMessages.jobIntentionNotFound });
    expect((await api(t, 'GET', '/api/user_apply_jobs', me)).data).toEqual([]);
  });

  it(`keeps at most ${TALENT_RECORDS_MAX} records of a kind per user`, async () => {
    const me = await createUser(t);
    for (let i = 0; i < TALENT_RECORDS_MAX; i++) {
      expect(
        (await api(t, 'POST', '/api/papers/', me, { ...SAMPLES.papers.create, title: `论文${i}` })).code,
      ).toBe(200);
    }
    const over = await api(t, 'POST', '/api/papers/', me, SAMPLES.papers.create);
    expect(over).toMatchObject({ code: 400, message: talentMessages.recordsTooMany });
  });

  it('needs a login', async () => {
    expect((await api(t, 'POST', '/api/papers/', null, SAMPLES.papers.create)).code).toBe(406);
  });
});

describe('personal info and radar', () => {
  it('edits the personal info with the SPEC §5 ID and phone rules and keeps dictionary codes', async () => {
    const me = await createUser(t);
    const badId = await api(t, 'PUT', '/api/user_infos/personal_info', me, { id_number: '12345' });
    expect(badId).toMatchObject({ code: 400, message: '身份证号格式不正确' });
    const badPhone = await api(t, 'PUT', '/api/user_infos/personal_info', me, { phone: '10012345678' });
    expect(badPhone).toMatchObject({ code: 400, message: '手机号格式不正确' });
    const badSize = await api(t, 'PUT', '/api/user_infos/personal_info', me, { unit_size: 9 });
    expect(badSize.data.fieldErrors.unit_size).toBe(talentMessages.unitSizeInvalid);
    const future = await api(t, 'PUT', '/api/user_infos/personal_info', me, { birthday: '2030-01-01' });
    expect(future.code).toBe(400);

    const saved = await api(t, 'PUT', '/api/user_infos/personal_info', me, {
      real_name: '张三',
      gender: 1,
      birthday: '1990-05-01',
      political_status: 2,
      unit_size: 3,
      position_level: 2,
      work_unit: '示例制造有限公司',
      phone: '13912345678',
      id_number: '41010219900501123x',
    });
    expect(saved).toMatchObject({ code: 200, message: '保存成功' });
    expect(saved.data.personal_info.user_info).toMatchObject({
      id: me.id,
      real_name: '张三',
      gender: 1,
      birthday: '1990-05-01',
      political_status: 2,
      unit_size: 3,
      position_level: 2,
      work_unit: '示例制造有限公司',
      phone: '13912345678',
      id_number: '41010219900501123X',
      star_id: 0,
      show_personal_info: false,
    });
    // A field left out stays; null clears.
    const partial = await api(t, 'PUT', '/api/user_infos/personal_info', me, { work_unit: null });
    expect(partial.data.personal_info.user_info).toMatchObject({ real_name: '张三', work_unit: null });
  });

  it('scores the radar from the records', async () => {
    const me = await createUser(t);
    expect((await personalInfo(me)).radar).toEqual({
      education: 0,
      certificates: 0,
      experience: 0,
      rewards: 0,
      papers: 0,
      learning: 0,
    });
    await api(t, 'POST', '/api/customer_edus/', me, { ...SAMPLES.customer_edus.create, degree: 4 });
    await api(t, 'POST', '/api/credentials/', me, SAMPLES.credentials.create);
    await api(t, 'POST', '/api/credentials/', me, SAMPLES.credentials.update);
    // 2015-01-01 to 2020-01-01: five years, 50 points.
    await api(t, 'POST', '/api/customer_jobs/', me, {
      ...SAMPLES.customer_jobs.create,
      start_date: '2015-01-01',
      end_date: '2020-01-01',
    });
    await api(t, 'POST', '/api/job_profits/', me, SAMPLES.job_profits.create);
    const radar = (await personalInfo(me)).radar;
    expect(radar).toEqual({
      education: 90,
      certificates: 50,
      experience: 50,
      rewards: 25,
      papers: 0,
      learning: 0,
    });
  });
});

describe('portraits', () => {
  it('keeps a private portrait unreadable, also to other logged-in users', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    await postForm(t, 'POST', '/api/user_apply_jobs', me, { ...GOOD_JOB, show_personal_info: 'false' });
    expect((await api(t, 'GET', `/api/user_infos/show_personal_info?user_id=${me.id}`)).data).toEqual({
      show_personal_info: false,
    });
    expect((await api(t, 'GET', `/api/user_infos/public_portrait?user_id=${me.id}`, other)).code).toBe(404);
    expect((await api(t, 'GET', `/api/user_infos/public_portrait?user_id=${me.id}`)).code).toBe(404);
    const none = await createUser(t);
    expect((await api(t, 'GET', `/api/user_infos/public_portrait?user_id=${none.id}`)).code).toBe(404);
  });

  it('shows a public portrait with phone, ID and birthday masked and no attachments', async () => {
    const me = await createUser(t);
    await api(t, 'PUT', '/api/user_infos/personal_info', me, {
      real_name: '张三',
      phone: '13800138000',
      id_number: '410102199001011234',
      birthday: '1990-01-01',
    });
    const scan = await upload(t, me, PNG);
    await api(t, 'POST', '/api/credentials/', me, {
      ...SAMPLES.credentials.create,
      attachment_id: scan.json.data.id,
    });
    await postForm(t, 'POST', '/api/user_apply_jobs', me, GOOD_JOB);
    expect((await api(t, 'GET', `/api/user_infos/show_personal_info?user_id=${me.id}`)).data).toEqual({
      show_personal_info: true,
    });
    const res = await api(t, 'GET', `/api/user_infos/public_portrait?user_id=${me.id}`);
    expect(res.code).toBe(200);
    const p = res.data.personal_info;
    expect(p.user_info).toMatchObject({
      real_name: '张三',
      phone: '138****8000',
      id_number: '4101**********1234',
      birthday: null,
    });
    expect(p.credentials[0]).toMatchObject({ name: '中级会计师', attachment: null });
    expect(p.user_apply_job).toMatchObject({ positions: '财务经理,总账会计', biithday: '' });
    // Nothing private anywhere in the answer: contact and login phone, ID, birthdays, attachment links.
    const text = JSON.stringify(res.data);
    for (const secret of [
      '13800138000',
      me.phone,
      '410102199001011234',
      '1990-01-01',
      '1990-05-01',
      '/file',
    ]) {
      expect(text).not.toContain(secret);
    }
    // The owner sees everything.
    const own = await personalInfo(me);
    expect(own.user_info).toMatchObject({ phone: '13800138000', id_number: '410102199001011234' });
    expect(own.credentials[0].attachment).toMatchObject({ id: scan.json.data.id, mime: 'image/webp' });
  });
});

describe('attachments', () => {
  it('serves an attachment to its owner and staff only, with its type and nosniff', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const staff = await createUser(t, { staff: true });
    const up = await upload(t, owner, PDF, '../../etc/证书.pdf');
    expect(up.status).toBe(200);
    expect(up.json.data).toMatchObject({
      mime: 'application/pdf',
      file_name: '证书.pdf',
      url: `/api/talent_attachments/${up.json.data.id}/file`,
    });
    for (const viewer of [owner, staff]) {
      const res = await t.app.inject({ method: 'GET', url: up.json.data.url, headers: viewer.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    const denied = await t.app.inject({ method: 'GET', url: up.json.data.url, headers: other.headers });
    expect(denied.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: up.json.data.url })).statusCode).toBe(406);
  });

  it('refuses content that is not JPEG, PNG or PDF with 415, and a file over 5 MB with 413', async () => {
    const me = await createUser(t);
    const html = await upload(t, me, Buffer.from('<html><script>alert(1)</script></html>'), 'scan.png');
    expect(html.status).toBe(415);
    expect(html.json.message).toBe(talentMessages.attachmentBadType);
    const big = await upload(t, me, Buffer.concat([PNG, Buffer.alloc(TALENT_ATTACHMENT_MAX_BYTES)]));
    expect(big.status).toBe(413);
    expect(big.json.message).toBe(talentMessages.attachmentTooLarge);
    const notMultipart = await api(t, 'POST', '/api/talent_attachments', me, { file: 'x' });
    expect(notMultipart.code).toBe(415);
  });

  it('refuses a PDF that does not open, or has too many pages, and stores nothing', async () => {
    const me = await createUser(t);
    const dir = path.join(t.config.dataDir, 'uploads', 'talent');
    const files = async () => readdir(dir).catch(() => [] as string[]);
    const rows = async () =>
      (
        await t.db.select({ n: count() }).from(talentAttachments).where(eq(talentAttachments.userId, me.id))
      )[0]!.n;
    const before = await files();

    const fake = await upload(t, me, FAKE_PDF, '简历.pdf');
    expect(fake.status).toBe(415);
    expect(fake.json).toMatchObject({ code: 415, message: talentMessages.attachmentPdfBroken, data: null });
    const long = await upload(t, me, pdfFixture(TALENT_ATTACHMENT_PDF_MAX_PAGES + 1), '简历.pdf');
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ code: 400, message: talentMessages.attachmentPdfTooManyPages });
    expect(await rows()).toBe(0);
    expect(await files()).toEqual(before);

    const ok = await upload(t, me, pdfFixture(TALENT_ATTACHMENT_PDF_MAX_PAGES), '简历.pdf');
    expect(ok.status).toBe(200);
    expect(await rows()).toBe(1);
  });

  it('answers 400 to a multipart body cut short, on the upload and on the job-intention form', async () => {
    const me = await createUser(t);
    const body = multipartBody({}, { name: 'scan.png', content: PNG });
    // Everything but the closing boundary: the parser meets the end of the body inside the file.
    const cut = body.payload.subarray(0, body.payload.length - 40);
    for (const url of ['/api/talent_attachments', '/api/user_infos/']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...me.headers, 'content-type': body.contentType },
        payload: cut,
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: talentMessages.attachmentBroken });
    }
  });

  it('removes the stored file when its attachment row cannot be written', async () => {
    const root = path.join(t.config.dataDir, 'orphans');
    const dir = path.join(root, 'uploads', 'talent');
    const service = createTalentService({ db: t.db, clock: t.clock, storage: createLocalStorage(root) });
    // No such user: the row's foreign key refuses the insert after the file was written.
    await expect(service.uploadAttachment(2_000_000_000, PNG, 'scan.png')).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses to link another user's attachment to my credential", async () => {
    const owner = await createUser(t);
    const thief = await createUser(t);
    const up = await upload(t, owner, PNG);
    const res = await api(t, 'POST', '/api/credentials/', thief, {
      ...SAMPLES.credentials.create,
      attachment_id: up.json.data.id,
    });
    expect(res).toMatchObject({ code: 404, message: talentMessages.attachmentNotFound });
    expect((await personalInfo(thief)).credentials).toEqual([]);
    // Nor by editing a credential of mine.
    const mine = await api(t, 'POST', '/api/credentials/', thief, SAMPLES.credentials.create);
    const edit = await api(t, 'PUT', `/api/credentials/${mine.data.id}/`, thief, {
      ...SAMPLES.credentials.create,
      attachment_id: up.json.data.id,
    });
    expect(edit).toMatchObject({ code: 404, message: talentMessages.attachmentNotFound });
    expect((await personalInfo(thief)).credentials[0].attachment).toBeNull();
  });
});
