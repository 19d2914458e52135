import { count, isNotNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magazineMessages as m, type AdminMagazine, type MagazineList, type MagazineRead } from '@app/contracts';
import { createStorage, type Storage } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { createMagazineService, magazineFileKey } from './magazine.service';
import { magazineFiles } from './magazine.table';
import { ISSUES } from './seed/articles.data';
import { issuePdf } from './seed/issue-pdf';

let t: TestApp;
let storage: Storage;
let member: TestUser;
let visitor: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
  storage = createStorage(t.config);
  member = await createUser(t, { memberDays: 365 });
  visitor = await createUser(t);
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...who?.headers, ...headers } });
const list = async (who: TestUser): Promise<MagazineList> => (await get('/api/magazines', who)).json().data;
const read = async (who: TestUser, id: number): Promise<MagazineRead> => {
  const res = await get(`/api/magazines/${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const inDatabase = async () =>
  (await t.db.select({ n: count() }).from(magazineFiles).where(isNotNull(magazineFiles.bytes)))[0]!.n;

describe('magazine PDFs on object storage', () => {
  it('gives a member a signed link to the full issue that reads whole and by Range', async () => {
    const { latest_id } = await list(member);
    const issue = await read(member, latest_id!);
    expect(issue.pdf_url).toContain(`${latest_id}-full.pdf`);

    const res = await get(issue.pdf_url, member);
    expect(res.statusCode).toBe(302);
    const link = res.headers.location!;
    expect(link).toContain(magazineFileKey(latest_id!, 'full'));
    const whole = Buffer.from(await (await fetch(link)).arrayBuffer());
    expect((await PDFDocument.load(whole)).getPageCount()).toBe(issue.page_count);
    const part = await fetch(link, { headers: { range: 'bytes=0-1023' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-1023/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(0, 1024))).toBe(true);
    // Served from storage now: the database copy of that file is gone.
    expect(await storage.stat(magazineFileKey(latest_id!, 'full'))).toMatchObject({ size: whole.length });
  });

  it('never gives a non-member a URL of the full issue, and a tampered app signature is 404 with no link', async () => {
    const { latest_id, years } = await list(visitor);
    const issue = await read(visitor, latest_id!);
    expect(issue.readable).toBe('sample');
    expect(issue.pdf_url).toContain('-sample.pdf');
    expect(issue.pdf_url).not.toContain('-full.pdf');
    const sample = await get(issue.pdf_url, visitor);
    expect(sample.statusCode).toBe(302);
    expect(sample.headers.location).toContain(magazineFileKey(latest_id!, 'sample'));
    const sampleBytes = Buffer.from(await (await fetch(sample.headers.location!)).arrayBuffer());
    expect((await PDFDocument.load(sampleBytes)).getPageCount()).toBe(issue.pdf_pages);

    // The full file under the sample's signature, or a changed signature: 404 as before, no redirect.
    const forged = issue.pdf_url.replace('-sample.pdf', '-full.pdf');
    const url = new URL(issue.pdf_url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    for (const bad of [forged, `${url.pathname}${url.search}`]) {
      const res = await get(bad, visitor);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.fileNotFound);
      expect(res.headers.location).toBeUndefined();
    }

    // An older issue is refused without any URL.
    const everyIssue = await Promise.all(years.map(async (y) => (await get(`/api/magazines?year=${y}`, visitor)).json()));
    expect(JSON.stringify(everyIssue)).not.toMatch(/\.pdf/);
    const older = everyIssue.flatMap((l: { data: MagazineList }) => l.data.issues).find((i) => i.id !== latest_id)!;
    const refused = await get(`/api/magazines/${older.id}`, visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toMatch(/\.pdf/);
  });

  it('moves every PDF still in the database into storage once, also when two processes do it at once', async () => {
    expect(await inDatabase()).toBeGreaterThan(0);
    const stub = {} as never;
    const svc = () =>
      createMagazineService({ db: t.db, clock: t.clock, signer: stub, messages: stub, audit: stub, storage });
    await Promise.all([svc().moveFilesToStorage(), svc().moveFilesToStorage()]);
    expect(await inDatabase()).toBe(0);
    const keys: string[] = [];
    for await (const f of storage.list('magazines/')) keys.push(f.key);
    expect(keys).toHaveLength(24);
    expect(await svc().moveFilesToStorage()).toBe(0);
    const { latest_id } = await list(member);
    const res = await get((await read(member, latest_id!)).pdf_url, member);
    expect(res.statusCode).toBe(302);
    expect((await fetch(res.headers.location!)).status).toBe(200);
  });

  it('writes an uploaded issue to storage only, and deleting it removes its files', async () => {
    const { bytes } = await issuePdf(ISSUES[2]!, { year: 2031, month: 5, issueNo: 5 });
    const boundary = '----magazineS3Boundary';
    const fields = { title: '存储测试刊', issue_no: '5', year: '2031', month: '5', summary: '对象存储' };
    const payload = Buffer.concat([
      ...Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/magazines',
      headers: { ...staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const created: AdminMagazine = res.json().data;
    expect((await storage.read(magazineFileKey(created.id, 'full')))?.equals(bytes)).toBe(true);
    expect(await storage.stat(magazineFileKey(created.id, 'sample'))).not.toBeNull();
    expect(await inDatabase()).toBe(0);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/magazines/${created.id}`, headers: staff.headers });
    expect(del.statusCode).toBe(200);
    expect(await storage.stat(magazineFileKey(created.id, 'full'))).toBeNull();
    expect(await storage.stat(magazineFileKey(created.id, 'sample'))).toBeNull();
  });
});

describe('magazine PDFs of an older install (bytes in the database), on the local disk', () => {
  it('are moved into DATA_DIR/magazines when the server starts listening, and still read with Range', async () => {
    const local = await createTestApp();
    try {
      const pending = async () =>
        (await local.db.select({ n: count() }).from(magazineFiles).where(isNotNull(magazineFiles.bytes)))[0]!.n;
      expect(await pending()).toBe(24);
      await local.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 100 && (await pending()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await pending()).toBe(0);
      const disk = createStorage(local.config);
      expect(disk.driver).toBe('local');
      const reader = await createUser(local, { memberDays: 30 });
      const { latest_id } = (await local.app.inject({ method: 'GET', url: '/api/magazines', headers: reader.headers })).json()
        .data as MagazineList;
      const issue = (await local.app.inject({ method: 'GET', url: `/api/magazines/${latest_id}`, headers: reader.headers })).json()
        .data as MagazineRead;
      const part = await local.app.inject({ method: 'GET', url: issue.pdf_url, headers: { ...reader.headers, range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      const stored = await disk.read(magazineFileKey(latest_id!, 'full'));
      expect(part.rawPayload.equals(stored!.subarray(0, 100))).toBe(true);
    } finally {
      await local.close();
    }
  });
});
