import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY,
  BASE_MANAGER_MAX_PER_IP_PER_HOUR,
  BASE_MANAGER_RESULT_TITLE,
  NOT_LOGGED_IN_MESSAGE,
  regionsMessages as m,
  ruleMessages,
  type AdminBaseManagerApplication,
  type BaseManagerApplication,
} from '@app/contracts';
import { pdfFixture, FAKE_PDF } from '../../testing/pdfs';
import { PNG } from '../../testing/images';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, sessionFor, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { messages } from '../messages/messages.table';
import { multipartBody } from '../talent/talent.test-support';
import { regionsManagerApplications } from './regions.table';
import { BASE_MANAGER_APPLICANTS } from './seed/regions.seed';

let t: TestApp;
let staff: TestUser;
let ipSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { staff: ['editor'], nickname: '内容编辑小陈' });
});
afterAll(() => t.close());

/** A client address of its own for each caller, so one test's submissions never count against another's limit. */
const freshIp = () => `10.8.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const FORM = {
  organisation: '郑州中原财会职业培训学校',
  region: 'henan',
  contact: '周立新',
  phone: '13912345678',
  qualifications: '学校经人社部门批准开展会计职业技能培训，现有专职教师18人，自有教学场地1200平方米，近三年培训继续教育学员1.2万人次。',
};

interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
}

async function apply(
  user: TestUser | null,
  fields: Record<string, string> = {},
  opts: { file?: { name: string; content: Buffer }; ip?: string } = {},
): Promise<Answer<BaseManagerApplication & { fieldErrors?: Record<string, string> }>> {
  const body = multipartBody({ ...FORM, ...fields }, opts.file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apply_xx_manager',
    headers: { ...(user?.headers ?? {}), 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: opts.ip ?? freshIp(),
  });
  return { status: res.statusCode, ...res.json() };
}

async function call<T = unknown>(method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object): Promise<Answer<T>> {
  const res = await t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, ...res.json() };
}

const review = (id: number, body: object, by: TestUser = staff) =>
  call<AdminBaseManagerApplication>('POST', `/api/admin/base_manager_applications/${id}/review`, by, body);

async function adminList(query = 'status=all&per=50') {
  const res = await call<{ list: AdminBaseManagerApplication[]; total: number }>('GET', `/api/admin/base_manager_applications?${query}`, staff);
  expect(res.status).toBe(200);
  return res.data;
}

const rowsOf = (userId: number) =>
  t.db.select().from(regionsManagerApplications).where(eq(regionsManagerApplications.userId, userId));
const storedFiles = async () => (await readdir(path.join(t.config.dataDir, 'uploads', 'regions')).catch(() => [])).sort();

describe('POST /api/apply_xx_manager', () => {
  it('stores a valid application as pending and shows it to its applicant and to content staff', async () => {
    const user = await createUser(t, { nickname: '周立新' });
    const res = await apply(user);
    expect(res.status, res.message).toBe(200);
    expect(res.message).toBe(m.submitted);
    expect(res.data).toMatchObject({
      organisation: FORM.organisation,
      region: 'henan',
      base_name: '河南学习基地',
      phone: FORM.phone,
      status: 'pending',
      status_label: '待审核',
      attachment: null,
      review_reason: null,
    });

    const mine = await call<BaseManagerApplication[]>('GET', '/api/apply_xx_manager', user);
    expect(mine.data.map((a) => a.id)).toEqual([res.data.id]);
    const listed = (await adminList('status=pending&region=henan&per=50')).list.find((a) => a.id === res.data.id);
    expect(listed).toMatchObject({ applicant: { id: user.id, phone: user.phone, name: '周立新' }, attachment_url: null });
  });

  it('answers 400 with the SPEC §5 message on the phone field to a bad phone, and stores nothing', async () => {
    const user = await createUser(t);
    const res = await apply(user, { phone: '11012345678' });
    expect(res.status).toBe(400);
    expect(res.message).toBe(ruleMessages.phoneInvalid);
    expect(res.data.fieldErrors).toEqual({ phone: ruleMessages.phoneInvalid });
    const empty = await apply(user, { phone: '', organisation: ' ', region: 'shanghai', qualifications: '太短' });
    expect(empty.status).toBe(400);
    expect(empty.data.fieldErrors).toEqual({
      phone: ruleMessages.phoneRequired,
      organisation: m.orgRequired,
      region: m.regionUnknown,
      qualifications: m.qualificationsTooShort,
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('answers 409 to a second application for a base while the first is pending, and takes another base', async () => {
    const user = await createUser(t);
    expect((await apply(user)).status).toBe(200);
    const again = await apply(user, { organisation: '另一个单位名称' });
    expect(again.status).toBe(409);
    expect(again.code).toBe(409);
    expect(again.message).toBe(m.duplicate);
    expect((await apply(user, { region: 'hebei' })).status).toBe(200);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it('may apply again for a base once the earlier application was answered', async () => {
    const user = await createUser(t);
    const first = await apply(user, { region: 'jilin' });
    expect((await review(first.data.id, { approve: false, reason: '办学场地证明材料不全' })).status).toBe(200);
    expect((await apply(user, { region: 'jilin' })).status).toBe(200);
  });

  it(`answers 429 to an account's application past ${BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY} a day, and takes it a day later`, async () => {
    const user = await createUser(t);
    const regions = ['henan', 'hebei', 'jilin', 'guizhou', 'ningbo'];
    for (const region of regions.slice(0, BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY)) {
      expect((await apply(user, { region })).status).toBe(200);
    }
    const over = await apply(user, { region: regions[BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY]! });
    expect(over.status).toBe(429);
    expect(over.message).toBe(m.tooMany);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await apply(user, { region: regions[BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY]! })).status).toBe(200);
  });

  it(`answers 429 past ${BASE_MANAGER_MAX_PER_IP_PER_HOUR} applications an hour from one address, whichever accounts send them`, async () => {
    const ip = freshIp();
    for (let i = 0; i < BASE_MANAGER_MAX_PER_IP_PER_HOUR; i++) {
      expect((await apply(await createUser(t), {}, { ip })).status).toBe(200);
    }
    const over = await apply(await createUser(t), {}, { ip });
    expect(over.status).toBe(429);
    expect(over.message).toBe(m.tooMany);
    expect((await apply(await createUser(t), {}, { ip: freshIp() })).status).toBe(200);
  });

  it('answers 406 未登录 to an anonymous caller before reading the form, and stores nothing', async () => {
    const before = (await adminList()).total;
    const res = await apply(null);
    expect(res.status).toBe(406);
    expect(res).toMatchObject({ code: 406, message: NOT_LOGGED_IN_MESSAGE });
    expect((await call('GET', '/api/apply_xx_manager', null)).status).toBe(406);
    expect((await adminList()).total).toBe(before);
  });

  it('answers 415 to a body that is not a form', async () => {
    const user = await createUser(t);
    const res = await call('POST', '/api/apply_xx_manager', user, FORM);
    expect(res.status).toBe(415);
    expect(res.message).toBe(m.formRequired);
  });

  it('checks the attachment by its content: a fake PDF and a text file are refused on the file field, nothing kept', async () => {
    const user = await createUser(t);
    const before = await storedFiles();
    const fake = await apply(user, {}, { file: { name: '营业执照.pdf', content: FAKE_PDF } });
    expect(fake.status).toBe(415);
    expect(fake.message).toBe(m.attachmentPdfBroken);
    expect(fake.data.fieldErrors).toEqual({ file: m.attachmentPdfBroken });
    const text = await apply(user, {}, { file: { name: '资质.pdf', content: Buffer.from('这不是PDF文件') } });
    expect(text.status).toBe(415);
    expect(text.data.fieldErrors).toEqual({ file: m.attachmentBadType });
    const manyPages = await apply(user, {}, { file: { name: '资质.pdf', content: pdfFixture(31) } });
    expect(manyPages.status).toBe(400);
    expect(manyPages.message).toBe(m.attachmentPdfTooManyPages);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps a PDF as sent and a scan re-encoded as WebP; staff download them, others cannot', async () => {
    const pdf = pdfFixture(2);
    const user = await createUser(t);
    const withPdf = await apply(user, {}, { file: { name: 'C:\\材料\\办学许可证.pdf', content: pdf } });
    expect(withPdf.status, withPdf.message).toBe(200);
    expect(withPdf.data.attachment).toEqual({ file_name: '办学许可证.pdf', mime: 'application/pdf', size: pdf.length });
    const withScan = await apply(user, { region: 'ningbo' }, { file: { name: 'licence.png', content: PNG } });
    expect(withScan.data.attachment?.mime).toBe('image/webp');

    const listed = (await adminList('status=pending&per=50')).list.find((a) => a.id === withPdf.data.id)!;
    const file = await t.app.inject({ method: 'GET', url: listed.attachment_url!, headers: staff.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="base-manager-application-${withPdf.data.id}.pdf"`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const scan = await t.app.inject({
      method: 'GET',
      url: `/api/admin/base_manager_applications/${withScan.data.id}/attachment`,
      headers: staff.headers,
    });
    expect(scan.headers['content-type']).toBe('image/webp');
    expect(scan.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    for (const who of [user, await createUser(t, { staff: ['finance'] })]) {
      const refused = await t.app.inject({ method: 'GET', url: listed.attachment_url!, headers: who.headers });
      expect(refused.statusCode).toBe(403);
    }
    const none = await call('GET', `/api/admin/base_manager_applications/${(await apply(await createUser(t))).data.id}/attachment`, staff);
    expect(none).toMatchObject({ status: 404, message: m.attachmentNotFound });
  });
});

describe('staff review', () => {
  const lastMessage = async (userId: number) =>
    (await t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.id)).limit(1))[0];
  const auditRow = async (action: string, id: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))))
    )[0];

  it('approves once: the applicant gets a message, the audit log a row, a second answer 409', async () => {
    const user = await createUser(t);
    const sent = await apply(user, { region: 'guizhou' });
    const res = await review(sent.data.id, { approve: true });
    expect(res.status, res.message).toBe(200);
    expect(res.message).toBe(m.approved);
    expect(res.data).toMatchObject({ status: 'approved', status_label: '已通过', reviewed_by: '内容编辑小陈', review_reason: null });
    expect(res.data.reviewed_at).toBeTruthy();

    const notice = await lastMessage(user.id);
    expect(notice?.title).toBe(BASE_MANAGER_RESULT_TITLE);
    expect(notice?.content).toContain(`「${FORM.organisation}」提交的贵州学习基地负责人申请已通过审核`);
    const row = await auditRow('base_manager.approve', sent.data.id);
    expect(row).toMatchObject({ entity: 'base_manager_application', actorId: staff.id });
    expect(row?.after).toMatchObject({ title: `${FORM.organisation}（贵州学习基地）`, status: 'approved' });
    expect(row?.before).toMatchObject({ status: 'pending' });

    const again = await review(sent.data.id, { approve: false, reason: '重复审核' });
    expect(again).toMatchObject({ status: 409, message: m.alreadyReviewed });
    const mine = await call<BaseManagerApplication[]>('GET', '/api/apply_xx_manager', user);
    expect(mine.data[0]).toMatchObject({ id: sent.data.id, status: 'approved' });
  });

  it('rejects only with a reason, which the applicant reads in the message centre', async () => {
    const user = await createUser(t);
    const sent = await apply(user, { region: 'guangxi' });
    const bare = await review(sent.data.id, { approve: false });
    expect(bare.status).toBe(400);
    expect((bare.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ reason: m.reasonRequired });
    const blank = await review(sent.data.id, { approve: false, reason: '   ' });
    expect(blank.status).toBe(400);
    expect(await auditRow('base_manager.reject', sent.data.id)).toBeUndefined();

    const reason = '广西学习基地已有承办单位，暂不增设';
    const res = await review(sent.data.id, { approve: false, reason });
    expect(res.status, res.message).toBe(200);
    expect(res.data).toMatchObject({ status: 'rejected', review_reason: reason });
    expect((await lastMessage(user.id))?.content).toContain(`原因：${reason}`);
    expect((await auditRow('base_manager.reject', sent.data.id))?.after).toMatchObject({ status: 'rejected', reason });
    const inbox = await call<{ list: { title: string }[] }>('GET', '/api/messages', user);
    expect(inbox.data.list[0]?.title).toBe(BASE_MANAGER_RESULT_TITLE);
  });

  it('answers 403 to a learner and to staff without the content permission; 404 to an unknown id', async () => {
    const user = await createUser(t);
    const sent = await apply(user, { region: 'hebei' });
    const finance = await createUser(t, { staff: ['finance'] });
    for (const who of [user, finance]) {
      expect((await review(sent.data.id, { approve: true }, who)).status).toBe(403);
      expect((await call('GET', '/api/admin/base_manager_applications', who)).status).toBe(403);
    }
    expect((await rowsOf(user.id))[0]?.status).toBe('pending');
    expect(await review(2_000_000_000, { approve: true })).toMatchObject({ status: 404, message: m.notFound });
  });

  it('shows content staff the seeded pending applications of real-sounding organisations', async () => {
    const editor = await sessionFor(t, '13800138015');
    const res = await call<{ list: AdminBaseManagerApplication[] }>('GET', '/api/admin/base_manager_applications?per=50', editor);
    expect(res.status).toBe(200);
    const organisations = res.data.list.map((a) => a.organisation);
    for (const a of BASE_MANAGER_APPLICANTS) expect(organisations).toContain(a.application.organisation);
    expect(res.data.list.every((a) => a.status === 'pending')).toBe(true);
  });
});
