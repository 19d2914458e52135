import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_MAX_PER_IP_PER_MINUTE,
  contentMessages as m,
  outsideLinkTarget,
  type AdminArticle,
  type ArticleCard,
  type ArticleDetail,
  type ArticleInput,
  type Paged,
} from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { PNG } from '../../testing/images';

let t: TestApp;
let editor: TestUser;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t, { staff: true, nickname: '编辑小王' });
});
afterAll(() => t.close());

const uniq = (label: string) => `${label}${++seq}号${process.pid}`;

function news(over: Partial<ArticleInput> = {}): ArticleInput {
  return {
    kind: 'news',
    title: uniq('关于开展2025年度会计人员继续教育的通知'),
    summary: '',
    body: '<p>根据《会计专业技术人员继续教育规定》（财会〔2018〕10号），现将有关事项通知如下。</p>',
    category: '通知公告',
    ...over,
  };
}

async function create(input: ArticleInput): Promise<AdminArticle> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/content/articles', headers: editor.headers, payload: input });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminArticle;
}

async function publish(id: number, publishAt?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/content/articles/${id}/publish`,
    headers: editor.headers,
    payload: publishAt ? { publish_at: publishAt } : {},
  });
}

async function publicList(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/articles?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Paged<ArticleCard>;
}

async function read(id: number, user?: TestUser) {
  return t.app.inject({ method: 'GET', url: `/api/articles/${id}`, headers: user?.headers ?? {} });
}

// Payloads from the OWASP XSS filter evasion cheat sheet, each inside an otherwise ordinary paragraph.
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<a href="javascript:alert(1)">点击</a>',
  '<a href="jav&#x09;ascript:alert(\'XSS\');">点击</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点击</a>',
  '<a href=" &#14;  javascript:alert(\'XSS\');">点击</a>',
  '<iframe src="javascript:alert(\'XSS\');"></iframe>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<svg/onload=alert(\'XSS\')>',
  '<BODY ONLOAD=alert(\'XSS\')>',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<p onclick="alert(1)" style="color:red">正文</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<base href="javascript:alert(\'XSS\');//">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
];

/** Nothing in the HTML can run: no script-capable tag, no event handler, no script or data URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|iframe|svg|object|embed|style|meta|base|link|form|input|body|math|div)\b/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
  expect(html).not.toMatch(/style\s*=/i);
}

describe('sanitising article bodies', () => {
  it.each(XSS_PAYLOADS.map((p, i) => [i, p]))('stores and returns OWASP payload %i inert', async (_i, payload) => {
    const a = await create(news({ body: `<p>政策解读正文</p>${payload}<p>结束</p>` }));
    expectInert(a.body);
    expect((await publish(a.id)).statusCode).toBe(200);
    const res = await read(a.id);
    expect(res.statusCode).toBe(200);
    expectInert((res.json().data as ArticleDetail).body);
  });

  it('keeps the structure of a paste from Word but none of its styles or classes', async () => {
    const word =
      '<p class="MsoNormal" style="mso-line-height-alt:12pt"><span style="font-family:宋体;color:#333">第一条　为规范</span><o:p></o:p></p>' +
      '<table class="MsoTableGrid" border="1"><tr><td style="width:100pt" colspan="2">科目</td></tr></table>' +
      '<h2 style="color:red">一、总体要求</h2><ul><li><b>坚持</b>依法合规</li></ul>';
    const a = await create(news({ body: word }));
    expect(a.body).toBe(
      '<p>第一条　为规范</p><table><tr><td colspan="2">科目</td></tr></table><h2>一、总体要求</h2><ul><li><b>坚持</b>依法合规</li></ul>',
    );
  });

  it('keeps an uploaded image as cover and drops any other address', async () => {
    const own = '/api/content/images/0123456789abcdef0123456789abcdef.jpg';
    expect((await create(news({ cover: own }))).cover).toBe(own);
    for (const cover of ['//evil.example/x.png', 'javascript:alert(1)', 'https://example.org/a.png', '/api/content/images/../x.png']) {
      expect((await create(news({ cover }))).cover).toBeNull();
    }
  });

  it('serves an uploaded image with its narrower copies, and never a srcset the author wrote', async () => {
    const img = '/api/content/images/0123456789abcdef0123456789abcdef';
    const a = await create(
      news({
        body: `<p>图示</p><img src="${img}.webp" alt="流程图" srcset="https://evil.example/a.png 1w" sizes="1px"><img src="${img}.png" srcset="//evil.example/b.png 2x">`,
      }),
    );
    expect(a.body).toBe(
      `<p>图示</p><img src="${img}.webp" alt="流程图" srcset="${img}-480.webp 480w, ${img}-960.webp 960w, ${img}.webp 1920w" sizes="(max-width: 767px) 100vw, 760px" loading="lazy" />` +
        `<img src="${img}.png" loading="lazy" />`,
    );
  });

  it('keeps uploaded images and http links, which leave through /linkPage when read', async () => {
    const a = await create(
      news({
        body: '<p>详见<a href="https://www.mof.gov.cn/zhengwuxinxi/">财政部网站</a>及<a href="/train">课程</a></p><img src="/api/content/images/0123456789abcdef0123456789abcdef.png" alt="图">',
      }),
    );
    expect(a.body).toContain('<img src="/api/content/images/0123456789abcdef0123456789abcdef.png" alt="图" loading="lazy" />');
    await publish(a.id);
    const body = ((await read(a.id)).json().data as ArticleDetail).body;
    expect(body).toContain(`href="/linkPage?url=${encodeURIComponent('https://www.mof.gov.cn/zhengwuxinxi/')}"`);
    expect(body).toContain('href="/train"');
  });
});

describe('the link page URL rule', () => {
  it('continues only to absolute http and https addresses', () => {
    expect(outsideLinkTarget('https://www.chinatax.gov.cn/a?b=1')?.hostname).toBe('www.chinatax.gov.cn');
    expect(outsideLinkTarget('http://example.org')?.hostname).toBe('example.org');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/train', '//evil.example', 'ftp://x.org/a', 'vbscript:msgbox', '', null]) {
      expect(outsideLinkTarget(bad)).toBeNull();
    }
  });
});

describe('bad editor input', () => {
  async function createStatus(input: ArticleInput) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/content/articles', headers: editor.headers, payload: input });
    return { status: res.statusCode, message: (res.json() as { message: string }).message };
  }

  it('refuses an unknown category, an over-long body and a body with no text, writing nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/content/articles?per=1', headers: editor.headers })).json().data.total as number;
    expect(await createStatus(news({ category: '娱乐八卦' }))).toEqual({ status: 400, message: m.categoryUnknown });
    expect(await createStatus(news({ body: `<p>${'税'.repeat(100_001)}</p>` }))).toEqual({ status: 400, message: m.bodyTooLong });
    expect(await createStatus(news({ body: '<script>alert(1)</script>' }))).toEqual({ status: 400, message: m.bodyRequired });
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/content/articles?per=1', headers: editor.headers })).json().data.total as number;
    expect(after).toBe(before);
  });

  it('refuses a scheduled time in the past and leaves the draft a draft', async () => {
    const a = await create(news());
    const res = await publish(a.id, new Date(t.clock.now().getTime() - 60_000).toISOString());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.scheduleInPast);
    expect((await read(a.id)).statusCode).toBe(404);
  });

  it('answers 406 to a visitor and 403 to a learner on the staff endpoints', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/content/articles' })).statusCode).toBe(406);
    const learner = await createUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/content/articles', headers: learner.headers })).statusCode).toBe(403);
  });
});

describe('publishing, scheduling and withdrawing', () => {
  it('shows a scheduled article only once the clock reaches its time, and records who scheduled it', async () => {
    const title = uniq('财政部 税务总局关于延续实施小微企业所得税优惠政策的公告');
    const a = await create(news({ title, category: '政策法规' }));
    const at = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    const res = await publish(a.id, at.toISOString());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('scheduled');
    expect(res.json().data.events).toEqual([{ action: 'schedule', by: '编辑小王', at: t.clock.now().toISOString(), publish_at: at.toISOString() }]);

    expect((await read(a.id)).statusCode).toBe(404);
    expect((await publicList(`keyword=${encodeURIComponent(title)}`)).total).toBe(0);

    t.clock.advance(2 * 3_600_000);
    expect((await read(a.id)).statusCode).toBe(200);
    expect((await publicList(`keyword=${encodeURIComponent(title)}`)).list.map((c) => c.id)).toEqual([a.id]);
    const admin = await t.app.inject({ method: 'GET', url: `/api/admin/content/articles/${a.id}`, headers: editor.headers });
    expect(admin.json().data.state).toBe('published');
  });

  it('hides a withdrawn article from visitors (404) and records the withdrawal', async () => {
    const a = await create(news());
    await publish(a.id);
    expect((await read(a.id)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/content/articles/${a.id}/withdraw`, headers: editor.headers });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as AdminArticle).events.map((e) => [e.action, e.by])).toEqual([
      ['withdraw', '编辑小王'],
      ['publish', '编辑小王'],
    ]);
    const gone = await read(a.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(m.articleNotFound);
  });

  it('answers 404 for a draft requested by id', async () => {
    const a = await create(news());
    expect((await read(a.id)).statusCode).toBe(404);
  });

  it('keeps a version per save and restores an earlier one', async () => {
    const a = await create(news({ body: '<p>第一稿</p>' }));
    await t.app.inject({ method: 'PUT', url: `/api/admin/content/articles/${a.id}`, headers: editor.headers, payload: news({ title: a.title, body: '<p>第二稿</p>' }) });
    const versions = (await t.app.inject({ method: 'GET', url: `/api/admin/content/articles/${a.id}/versions`, headers: editor.headers })).json().data as { id: number; version: number; saved_by: string }[];
    expect(versions.map((v) => [v.version, v.saved_by])).toEqual([
      [2, '编辑小王'],
      [1, '编辑小王'],
    ]);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/content/articles/${a.id}/versions/${versions[1]!.id}/restore`, headers: editor.headers });
    expect(restored.json().data.body).toBe('<p>第一稿</p>');
  });
});

describe('search, filters and neighbours', () => {
  it('finds a Chinese substring of the body, filters by category and tag, and links previous and next', async () => {
    const marker = uniq('数据资产入表');
    const first = await create(news({ category: '行业资讯', tags: ['数据资产'], body: `<p>企业${marker}的会计处理要点</p>` }));
    await publish(first.id);
    t.clock.advance(60_000);
    const second = await create(news({ category: '行业资讯', tags: ['数据资产'], body: `<p>再谈${marker}</p>` }));
    await publish(second.id);
    const found = await publicList(`keyword=${encodeURIComponent(marker)}&category=${encodeURIComponent('行业资讯')}&tag=${encodeURIComponent('数据资产')}`);
    expect(found.list.map((c) => c.id)).toEqual([second.id, first.id]);
    expect((await publicList(`keyword=${encodeURIComponent(marker)}&category=${encodeURIComponent('协会动态')}`)).total).toBe(0);
    const detail = (await read(second.id)).json().data as ArticleDetail;
    expect(detail.prev?.id).toBe(first.id);
    expect(detail.related.map((r) => r.id)).toContain(first.id);
  });
});

describe('region first on a regional sub-domain', () => {
  it('lists the Henan article first on henan.* and by date on the main site', async () => {
    const marker = uniq('区域排序');
    const henan = await create(news({ region: 'henan', body: `<p>${marker}河南学习基地开班</p>` }));
    await publish(henan.id);
    t.clock.advance(60_000);
    const national = await create(news({ body: `<p>${marker}全国会计人员继续教育</p>` }));
    await publish(national.id);
    const q = `keyword=${encodeURIComponent(marker)}`;
    expect((await publicList(q)).list.map((c) => c.id)).toEqual([national.id, henan.id]);
    expect((await publicList(q, { host: 'henan.localhost' })).list.map((c) => c.id)).toEqual([henan.id, national.id]);
    expect((await publicList(`${q}&region=henan`)).list.map((c) => c.id)).toEqual([henan.id, national.id]);
    expect((await publicList(q, { host: 'hebei.localhost' })).list.map((c) => c.id)).toEqual([national.id, henan.id]);
    const only = await publicList(`${q}&only_region=henan`);
    expect(only.list.map((c) => [c.id, c.region_name])).toEqual([[henan.id, '河南']]);
  });
});

describe('members-only cases', () => {
  it('shows a visitor and a non-member the opening only, and a member the whole case', async () => {
    const tail = '最终该企业通过重新梳理研发项目立项资料，补充了研发费用辅助账，享受加计扣除优惠。';
    const body = `<p>${'某装备制造企业年营业收入约三亿元，'.repeat(20)}</p><p>${tail}</p>`;
    const a = await create({
      kind: 'case',
      title: uniq('研发费用加计扣除的归集难点'),
      body,
      category: '税务筹划',
      industry: '制造业',
      company_size: '中型企业',
      access: 'member',
    });
    await publish(a.id);
    const visitor = (await read(a.id)).json().data as ArticleDetail;
    expect(visitor.locked).toBe(true);
    expect(visitor.body).not.toContain(tail);
    expect(visitor.body.length).toBeLessThan(400);
    const learner = await createUser(t);
    expect(((await read(a.id, learner)).json().data as ArticleDetail).locked).toBe(true);
    const member = await createUser(t, { memberDays: 30 });
    const whole = (await read(a.id, member)).json().data as ArticleDetail;
    expect(whole.locked).toBe(false);
    expect(whole.body).toContain(tail);
    expect(whole.industry).toBe('制造业');
  });
});

describe('cooperation leads', () => {
  const lead = { organisation: '郑州某会计师事务所', contact: '李经理', phone: '13912345678', need: '希望为本所二十名员工定制税务实务内训课程。' };

  it('refuses a bad phone with a field message and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/cooperation_leads', payload: { ...lead, phone: '1234' }, remoteAddress: '10.0.0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.phone).toBeTruthy();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/content/leads', headers: editor.headers });
    expect((list.json().data.list as { phone: string }[]).some((l) => l.phone === '1234')).toBe(false);
  });

  it('accepts five a minute from one address, refuses the sixth, and accepts again a minute later', async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/cooperation_leads', payload: lead, remoteAddress: ip });
    for (let i = 0; i < LEAD_MAX_PER_IP_PER_MINUTE; i++) expect((await send('10.0.0.1')).statusCode).toBe(200);
    const sixth = await send('10.0.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(m.leadTooMany);
    expect((await send('10.0.0.2')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await send('10.0.0.1')).statusCode).toBe(200);
  });

  it('lets staff see a lead and mark it handled', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/cooperation_leads', payload: { ...lead, organisation: '洛阳某职业学院' }, remoteAddress: '10.0.0.3' });
    const id = sent.json().data.id as number;
    const handled = await t.app.inject({ method: 'POST', url: `/api/admin/content/leads/${id}/handle`, headers: editor.headers });
    expect(handled.json().data).toMatchObject({ id, organisation: '洛阳某职业学院', handled_by: '编辑小王' });
    const open = await t.app.inject({ method: 'GET', url: '/api/admin/content/leads?handled=no&per=50', headers: editor.headers });
    expect((open.json().data.list as { id: number }[]).some((l) => l.id === id)).toBe(false);
  });
});

describe('demo content', () => {
  it('has 30+ news in every category, 20+ cases across industries with members-only ones, and 12+ experts', async () => {
    const allNews = await publicList('kind=news&per=50');
    expect(allNews.total).toBeGreaterThanOrEqual(30);
    expect(new Set(allNews.list.map((n) => n.category))).toEqual(new Set(['协会动态', '政策法规', '行业资讯', '通知公告']));
    expect(allNews.list.some((n) => /〔20\d\d〕\d+号|公告20\d\d年第\d+号/.test(n.source))).toBe(true);
    const cases = await publicList('kind=case&per=50');
    expect(cases.total).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.list.map((c) => c.industry)).size).toBeGreaterThanOrEqual(6);
    expect(cases.list.some((c) => c.access === 'member')).toBe(true);
    const experts = (await t.app.inject({ method: 'GET', url: '/api/experts' })).json().data as { list: { name: string }[] };
    expect(experts.list.length).toBeGreaterThanOrEqual(12);
  });

  it('has six learning-base pages, six service guides and two topic pages with their articles', async () => {
    const bases = (await t.app.inject({ method: 'GET', url: '/api/learning_bases' })).json().data as { code: string }[];
    expect(bases.map((b) => b.code)).toEqual(['henan', 'hebei', 'jilin', 'guizhou', 'ningbo', 'guangxi']);
    const guides = (await t.app.inject({ method: 'GET', url: '/api/service_guides' })).json().data as { id: number; steps: string[] }[];
    expect(guides.length).toBeGreaterThanOrEqual(6);
    expect(guides.every((g) => g.steps.length > 0)).toBe(true);
    for (const type of ['tax-policy', 'digital-finance']) {
      const topic = await t.app.inject({ method: 'GET', url: `/api/topics/${type}` });
      expect(topic.statusCode).toBe(200);
      expect(topic.json().data.articles.length).toBeGreaterThanOrEqual(2);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/topics/no-such-topic' })).statusCode).toBe(404);
  });

  it('shows an expert page with the cases the expert wrote and the public questions they answered', async () => {
    const experts = (await t.app.inject({ method: 'GET', url: `/api/experts?keyword=${encodeURIComponent('陈立文')}` })).json().data as { list: { id: number }[] };
    const page = (await t.app.inject({ method: 'GET', url: `/api/experts/${experts.list[0]!.id}` })).json().data as {
      cases: { author: string }[];
      answers: { id: number }[];
    };
    expect(page.cases.length).toBeGreaterThanOrEqual(2);
    // The Q&A area's public questions this expert answered (through the port app.ts wires).
    expect(page.answers.length).toBeGreaterThan(0);
    const q = await t.app.inject({ method: 'GET', url: `/api/quiz/questions/${page.answers[0]!.id}` });
    expect(q.statusCode).toBe(200);
    expect(page.cases.every((c) => c.author === '陈立文')).toBe(true);
  });
});

describe('public pages', () => {
  it('answers 404 for an unknown news page and lists published cases in the sitemap', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/newsInformation/details?id=999999' })).statusCode).toBe(404);
    const cases = await publicList('kind=case&per=1');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/caseDatabase/article/${cases.list[0]!.id}`);
    expect(sitemap.body).toContain('/publicityPage/tax-policy');
  });
});

describe('staff uploads and topic pages', () => {
  function multipart(name: string, content: Buffer) {
    const boundary = '----content-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { ...editor.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('stores an uploaded image checked by its content and refuses a disguised file', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/content/images', ...multipart('x.png', Buffer.from('<script>alert(1)</script>')) });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe(m.imageBadType);
    const good = await t.app.inject({ method: 'POST', url: '/api/admin/content/images', ...multipart('图.png', PNG) });
    expect(good.statusCode, good.body).toBe(200);
    const url = good.json().data.url as string;
    expect(url).toMatch(/^\/api\/content\/images\/[0-9a-f]{32}\.webp$/);
    for (const copy of [url, url.replace('.webp', '-480.webp'), url.replace('.webp', '-960.webp')]) {
      const served = await t.app.inject({ method: 'GET', url: copy });
      expect(served.statusCode, copy).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  });

  it('lets staff edit a topic page, and a new topic shows its tagged articles', async () => {
    const tag = uniq('专题标签');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/topics/annual-settlement',
      headers: editor.headers,
      payload: { title: '企业所得税汇算清缴专题', banner: null, intro: '汇算清缴政策、操作与案例。', tag },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const a = await create(news({ tags: [tag] }));
    await publish(a.id);
    const topic = (await t.app.inject({ method: 'GET', url: '/api/topics/annual-settlement' })).json().data as { title: string; articles: { id: number }[] };
    expect(topic.title).toBe('企业所得税汇算清缴专题');
    expect(topic.articles.map((x) => x.id)).toEqual([a.id]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/content/topics', headers: editor.headers })).json().data as { type: string }[];
    expect(list.map((x) => x.type)).toContain('annual-settlement');
  });
});

describe('home banners', () => {
  it('shows active banners in order, outside links through /linkPage, and hides a deactivated one', async () => {
    const seeded = (await t.app.inject({ method: 'GET', url: '/api/banners' })).json().data as { link: string }[];
    expect(seeded.map((b) => b.link)).toContain('/publicityPage/tax-policy');
    const title = uniq('会员日');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/banners',
      headers: editor.headers,
      payload: { title, link: 'https://www.chinatax.gov.cn/', sort: 0, image: '//evil.example/x.png' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.image).toBeNull();
    const id = made.json().data.id as number;
    const shown = (await t.app.inject({ method: 'GET', url: '/api/banners' })).json().data as { id: number; link: string }[];
    expect(shown[0]).toMatchObject({ id, link: `/linkPage?url=${encodeURIComponent('https://www.chinatax.gov.cn/')}` });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/admin/content/banners/${id}`, headers: editor.headers, payload: { title, link: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    await t.app.inject({ method: 'PUT', url: `/api/admin/content/banners/${id}`, headers: editor.headers, payload: { title, link: '/aboutus', active: false } });
    const after = (await t.app.inject({ method: 'GET', url: '/api/banners' })).json().data as { id: number }[];
    expect(after.some((b) => b.id === id)).toBe(false);
  });
});
