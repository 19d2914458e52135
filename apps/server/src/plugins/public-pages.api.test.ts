// What crawlers and link previews (Baidu, WeChat) get without running JavaScript: each public detail page's own
// title, description, canonical link and Open Graph tags; 404 for an unknown or unpublished record; robots.txt
// and sitemap.xml.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../modules/courses';
import { examsCertificates } from '../modules/exams/exams.table';
import { qaQuestions } from '../modules/qa/qa.table';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SITEMAP_MAX_URLS, sitemapXml } from './web-pages';

let t: TestApp;
let published: { id: number; title: string; summary: string; cover: string };
let hidden: { id: number };

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://peixun.example.org' } });
  const rows = await t.db
    .select({ id: courses.id, title: courses.title, summary: courses.summary, cover: courses.cover, published: courses.published })
    .from(courses)
    .orderBy(courses.id);
  published = rows.find((r) => r.published)!;
  // A second published course is taken off the shelf for these tests.
  hidden = rows.filter((r) => r.published)[1]!;
  await t.db.update(courses).set({ published: false }).where(eq(courses.id, hidden.id));
});
afterAll(() => t.close());

const page = (url: string, host = 'peixun.example.org') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('public detail pages in the HTML', () => {
  it("a course page names the course: title, description, canonical link and og tags, with no JavaScript run", async () => {
    const res = await page(`/train/detail/${published.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.payload;
    const url = `https://peixun.example.org/train/detail/${published.id}`;
    expect(html).toContain(`<title>财务管理协会人才培训平台 - ${published.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${published.summary.slice(0, 20)}`);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain(`<meta property="og:title" content="财务管理协会人才培训平台 - ${published.title}" />`);
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]{10,}" \/>/);
    expect(html).toContain(`<meta property="og:image" content="https://peixun.example.org${published.cover}" />`);
    // One title only: the shell's own was replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('an unknown, malformed or unpublished course id answers 404 with the app shell', async () => {
    for (const url of ['/train/detail/99999999', '/train/detail/abc', `/train/detail/${hidden.id}`, '/train/detail/1e3']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.payload, url).toContain('<div id="root">');
      expect(res.payload, url).not.toContain('og:image');
    }
  });

  it('an unknown record on every public detail page answers 404 with the app shell', async () => {
    for (const url of [
      '/caseDatabase/article/99999999',
      '/newsInformation/details?id=99999999',
      '/expertDatabase/99999999',
      '/publicityPage/no-such-page',
      '/studentServe/lobbyPage/99999999',
      '/quiz/99999999',
      '/jobDetail/jinfo?id=99999999',
      '/financeTool/toolInfo/99999999',
      '/examNotice/没有这个考试',
      '/certificate/ZC0000000000',
      '/train/detail/2147483648',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.payload, url).toContain('<div id="root">');
    }
  });

  it('a certificate check page of an issued certificate answers 200 and names the certificate', async () => {
    const [certificate] = await t.db.select({ number: examsCertificates.number }).from(examsCertificates).limit(1);
    const res = await page(`/certificate/${certificate!.number}`);
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain(`证书查验 ${certificate!.number}`);
  });

  it('a regional sub-domain puts its learning base in the title', async () => {
    const res = await page(`/train/detail/${published.id}`, 'henan.peixun.example.org');
    expect(res.payload).toContain(`<title>财务管理协会人才培训平台 - ${published.title}（河南学习基地）</title>`);
  });

  it('escapes record text in the head', async () => {
    await t.db.update(courses).set({ title: '税务"筹划"<b>与</b>申报' }).where(eq(courses.id, published.id));
    const res = await page(`/train/detail/${published.id}`);
    expect(res.payload).toContain('<title>财务管理协会人才培训平台 - 税务&quot;筹划&quot;&lt;b&gt;与&lt;/b&gt;申报</title>');
    await t.db.update(courses).set({ title: published.title }).where(eq(courses.id, published.id));
  });
});

describe('public question pages in the HTML', () => {
  it('an answered public question names itself; a private one answers 404 and stays out of the sitemap', async () => {
    const rows = await t.db
      .select({ id: qaQuestions.id, title: qaQuestions.title, isPublic: qaQuestions.isPublic })
      .from(qaQuestions)
      .orderBy(qaQuestions.id);
    const shown = (await Promise.all(rows.map(async (r) => ({ r, res: await page(`/quiz/${r.id}`) })))).filter((x) => x.res.statusCode === 200);
    expect(shown.length).toBeGreaterThan(10);
    const { r, res } = shown[0]!;
    expect(res.payload).toContain(`<title>财务管理协会人才培训平台 - ${r.title}</title>`);
    expect(res.payload).toContain(`<meta property="og:url" content="https://peixun.example.org/quiz/${r.id}" />`);

    await t.db.update(qaQuestions).set({ isPublic: false }).where(eq(qaQuestions.id, r.id));
    expect((await page(`/quiz/${r.id}`)).statusCode).toBe(404);
    expect((await page('/sitemap.xml')).payload).not.toContain(`/quiz/${r.id}<`);
    await t.db.update(qaQuestions).set({ isPublic: true }).where(eq(qaQuestions.id, r.id));
    expect((await page('/sitemap.xml')).payload).toContain(`/quiz/${r.id}</loc>`);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt disallows the personal centre and the staff area and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.payload).toMatch(/^Disallow: \/center$/m);
    expect(res.payload).toMatch(/^Disallow: \/admin$/m);
    expect(res.payload).toContain('Sitemap: https://peixun.example.org/sitemap.xml');
  });

  it('sitemap.xml lists published courses and not unpublished ones, and picks up a newly published course', async () => {
    const before = (await page('/sitemap.xml')).payload;
    expect(before).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(before).toContain(`<loc>https://peixun.example.org/train/detail/${published.id}</loc>`);
    expect(before).toContain('<loc>https://peixun.example.org/train</loc>');
    expect(before).not.toContain(`/train/detail/${hidden.id}<`);

    await t.db.update(courses).set({ published: true }).where(eq(courses.id, hidden.id));
    const after = (await page('/sitemap.xml')).payload;
    expect(after).toContain(`<loc>https://peixun.example.org/train/detail/${hidden.id}</loc>`);
    expect((await page(`/train/detail/${hidden.id}`)).statusCode).toBe(200);
    await t.db.update(courses).set({ published: false }).where(eq(courses.id, hidden.id));
  });

  it('past 50,000 URLs the sitemap becomes an index of parts of at most 50,000', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ path: `/train/detail/${i + 1}` }));
    const index = sitemapXml('https://x.org', entries)!;
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('<loc>https://x.org/sitemap-1.xml</loc>');
    expect(index).toContain('<loc>https://x.org/sitemap-2.xml</loc>');
    expect(sitemapXml('https://x.org', entries, 1)!.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
    expect(sitemapXml('https://x.org', entries, 2)!.match(/<url>/g)).toHaveLength(1);
    expect(sitemapXml('https://x.org', entries, 3)).toBeNull();
    expect(sitemapXml('https://x.org', entries.slice(0, 3), 1)).toBeNull();
  });

  it('a sitemap part that does not exist is a 404', async () => {
    expect((await page('/sitemap-2.xml')).statusCode).toBe(404);
  });
});
