import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magazineMessages as m, type AdminMagazine, type MagazineList, type MagazineRead } from '@app/contracts';
import { FAKE_PDF } from '../../testing/pdfs';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { messages } from '../messages/messages.table';
import { magazineIssues } from './magazine.table';
import { ISSUES } from './seed/articles.data';
import { issuePdf } from './seed/issue-pdf';

let t: TestApp;
let member: TestUser;
let visitor: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t, { memberDays: 365 });
  visitor = await createUser(t);
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const get = (url: string, who: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });

async function list(who: TestUser, year?: number): Promise<MagazineList> {
  const res = await get(`/api/magazines${year ? `?year=${year}` : ''}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function read(who: TestUser, id: number): Promise<MagazineRead> {
  const res = await get(`/api/magazines/${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const boundary = '----magazineUploadBoundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const issueCount = async () => (await t.db.select({ n: count() }).from(magazineIssues))[0]!.n;

describe('entitlement', () => {
  it('lists twelve demo issues by year; a member may read all, a non-member only the latest as a sample', async () => {
    const mine = await list(member);
    const years = mine.years;
    const all = (await Promise.all(years.map((y) => list(member, y)))).flatMap((l) => l.issues);
    expect(all).toHaveLength(12);
    expect(all.every((i) => i.readable === 'full')).toBe(true);

    const theirs = await list(visitor);
    expect(theirs.is_member).toBe(false);
    const seen = (await Promise.all(years.map((y) => list(visitor, y)))).flatMap((l) => l.issues);
    expect(seen.filter((i) => i.readable === 'sample').map((i) => i.id)).toEqual([theirs.latest_id]);
    expect(seen.filter((i) => i.readable === 'none')).toHaveLength(11);
  });

  it('gives a non-member the sample PDF, which holds only the sample pages, and refuses older issues', async () => {
    const { latest_id, sample_pages, issues } = await list(visitor);
    const issue = await read(visitor, latest_id!);
    expect(issue.readable).toBe('sample');
    expect(issue.pdf_pages).toBe(sample_pages);
    expect(issue.page_count).toBeGreaterThan(sample_pages);
    expect(issue.toc.every((e) => e.page <= sample_pages)).toBe(true);

    const pdf = await get(issue.pdf_url, visitor);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(sample_pages);

    // The signature covers the file name: swapping in the full file is a missing file.
    const forged = issue.pdf_url.replace('-sample.pdf', '-full.pdf');
    expect((await get(forged, visitor)).statusCode).toBe(404);

    const older = issues.find((i) => i.id !== latest_id) ?? (await list(visitor, issue.year - 1)).issues[0]!;
    const res = await get(`/api/magazines/${older.id}`, visitor);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.notEntitled);
    const progress = await t.app.inject({
      method: 'PUT',
      url: `/api/magazines/${older.id}/progress`,
      headers: visitor.headers,
      payload: { page: 1 },
    });
    expect(progress.statusCode).toBe(403);
  });

  it('serves a member the whole issue with HTTP Range, on a URL that expires', async () => {
    const { latest_id } = await list(member);
    const issue = await read(member, latest_id!);
    expect(issue.readable).toBe('full');
    expect(issue.pdf_pages).toBe(issue.page_count);

    const whole = await get(issue.pdf_url, member);
    expect((await PDFDocument.load(whole.rawPayload)).getPageCount()).toBe(issue.page_count);
    const part = await get(issue.pdf_url, member, { range: 'bytes=0-1023' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 1024))).toBe(true);
    const tail = await get(issue.pdf_url, member, { range: 'bytes=-100' });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(whole.rawPayload.length - 100))).toBe(true);

    const start = t.clock.now();
    t.clock.advance(5 * 3600_000);
    try {
      expect((await get(issue.pdf_url, member)).statusCode).toBe(404);
    } finally {
      t.clock.set(start);
    }
  });

  it('remembers the last page per user and refuses a page beyond the issue', async () => {
    const { latest_id } = await list(member);
    const put = (page: number) =>
      t.app.inject({ method: 'PUT', url: `/api/magazines/${latest_id}/progress`, headers: member.headers, payload: { page } });
    expect((await put(3)).statusCode).toBe(200);
    expect((await read(member, latest_id!)).last_page).toBe(3);
    const bad = await put(99);
    expect(bad.statusCode).toBe(400);
    expect((await read(member, latest_id!)).last_page).toBe(3);
    // Another reader's progress is their own.
    expect((await read(staff, latest_id!)).last_page).toBe(1);
  });
});

describe('staff upload and publishing', () => {
  const fields = { title: '跨境税收专题', issue_no: '3', year: '2030', month: '3', summary: '数字经济下的常设机构判定与转让定价。' };

  it('refuses a file that is not a PDF by its content, whatever its name, and writes nothing', async () => {
    const before = await issueCount();
    const fake = multipart(fields, { bytes: Buffer.from('PK\u0003\u0004 not a pdf at all'), name: 'issue.pdf', type: 'application/pdf' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/magazines', headers: { ...staff.headers, ...fake.headers }, payload: fake.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.notPdf);
    expect(await issueCount()).toBe(before);
  });

  it('refuses a file with the PDF signature that does not open as a PDF, and writes nothing', async () => {
    const before = await issueCount();
    const fake = multipart(fields, { bytes: FAKE_PDF, name: 'issue.pdf', type: 'application/pdf' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/magazines', headers: { ...staff.headers, ...fake.headers }, payload: fake.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: m.pdfBroken, data: null });
    expect(await issueCount()).toBe(before);
  });

  it('refuses uploads from non-staff accounts', async () => {
    const { bytes } = await issuePdf(ISSUES[1]!, { year: 2030, month: 3, issueNo: 3 });
    const body = multipart(fields, { bytes, name: 'issue.pdf', type: 'application/pdf' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/magazines', headers: { ...member.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(403);
  });

  it('uploads an unpublished issue, sets its TOC, and publishing tells members in their message centre', async () => {
    const { bytes } = await issuePdf(ISSUES[1]!, { year: 2030, month: 3, issueNo: 3 });
    const body = multipart(fields, { bytes, name: 'issue.pdf', type: 'application/pdf' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/magazines', headers: { ...staff.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const created: AdminMagazine = res.json().data;
    expect(created.page_count).toBe(4);
    expect(created.published_at).toBeNull();
    // Not published yet: nobody reads it, not even members.
    expect((await get(`/api/magazines/${created.id}`, member)).statusCode).toBe(404);

    const again = await t.app.inject({ method: 'POST', url: '/api/admin/magazines', headers: { ...staff.headers, ...body.headers }, payload: body.payload });
    expect(again.statusCode).toBe(409);

    const badToc = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/magazines/${created.id}`,
      headers: staff.headers,
      payload: { title: fields.title, summary: fields.summary, toc: [{ title: '常设机构', page: 9 }] },
    });
    expect(badToc.statusCode).toBe(400);
    const toc = [
      { title: '转让定价同期资料', page: 3 },
      { title: '数字经济下的常设机构', page: 2 },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/magazines/${created.id}`,
      headers: staff.headers,
      payload: { title: fields.title, summary: fields.summary, toc },
    });
    expect(saved.json().data.toc.map((e: { page: number }) => e.page)).toEqual([2, 3]);

    const inbox = async () =>
      (await t.db.select({ n: count() }).from(messages).where(eq(messages.userId, member.id)))[0]!.n;
    const before = await inbox();
    const pub = await t.app.inject({ method: 'POST', url: `/api/admin/magazines/${created.id}/publish`, headers: staff.headers });
    expect(pub.statusCode).toBe(200);
    expect(await inbox()).toBe(before + 1);
    const titles = (await t.db.select({ title: messages.title }).from(messages).where(eq(messages.userId, member.id))).map((r) => r.title);
    expect(titles).toContain(m.newIssueTitle(fields.title));

    // The newest issue is now the one non-members sample.
    expect((await list(visitor)).latest_id).toBe(created.id);
    expect((await read(member, created.id)).toc).toEqual(toc.slice().reverse());
  });
});
