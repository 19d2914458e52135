import { type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { accessibilityProblems } from './support/axe';
import { expect, test, waitingForClient } from './support/fixtures';
import { passwordToken, registerAccount, useToken } from './support/session';

/**
 * The phone walk: every route of SPEC §2 and every /center entry, as the account each is for, at 390 x 844 and
 * 360 x 740 (isMobile, hasTouch); the staff console at 768 x 1024. On each page:
 *
 * - overflow: `document.documentElement.scrollWidth` <= the viewport's width (never `innerWidth`, which mobile
 *   Chromium widens to fit a too-wide page);
 * - target: every visible link, button and input (and ARIA button, link, tab, checkbox, radio, switch, menu item)
 *   at least 24 x 24 CSS px (WCAG 2.2, 2.5.8). An input drawn invisible inside its label (a styled checkbox) is
 *   measured by its label, the thing one taps. ONE exception of 2.5.8 is applied, "inline": a link rendered
 *   `display: inline` whose nearest block ancestor has text of its own outside any link or button (a link inside a
 *   sentence). The "spacing", "equivalent", "user agent control" and "essential" exceptions are NOT applied;
 * - text: no text node in the main column (`main`) wraps onto several lines while the box it flows in (its nearest
 *   non-inline ancestor, without padding and border) is under 4 em of its font size wide (fewer than 4 characters a
 *   line);
 * - console: no console error and no uncaught page error;
 * - /admin (768 x 1024): no page-wide sideways scroll, and every visible control lies inside the page or inside a
 *   box that scrolls to it (reachable).
 *
 * Every failure names the route, the viewport and the element (tag, classes, text, size, position). Problems of
 * the shell (header, footer, back-to-top) are listed in full on the first route where they show and summed up on
 * later routes, which still fail.
 *
 * Accessibility (support/axe.ts: axe-core's WCAG 2.2 A and AA rules, serious and critical, and no English name read
 * out) is checked on the same stops at the first phone size (390 x 844, not again at 360), on the console at 768, and
 * in a desk pass at 1366 x 768 that visits the same stops (and each other staff role's landing screen and menu),
 * checking only that. A walk collects every problem of every stop and fails once at the end with the full list.
 *
 * PHONE_WALK_ONLY=<regexp> restricts the walk to the routes whose path matches (while fixing a page).
 */

// Every test of the walk stands alone (it reads the demo ids and signs in itself), so the shards of `npm test` may share
// the file out between them.
test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'demo_1234';
const LEARNER = { phone: '13800138000', password: PASSWORD };
const MEMBER = { phone: '13800138001', password: PASSWORD };
const COMPANY = { phone: '13800138002', password: PASSWORD };
const ADMIN = { phone: '13800138009', password: 'admin_1234' };

const PHONES = [
  { name: '390x844', width: 390, height: 844, care: false },
  { name: '360x740', width: 360, height: 740, care: false },
  // 关怀模式 (care mode): 18 px text and larger controls still fit the phone.
  { name: '390x844 care mode', width: 390, height: 844, care: true },
] as const;
const TABLET = { name: '768x1024', width: 768, height: 1024 } as const;
const DESK = { name: '1366x768', width: 1366, height: 768 } as const;

const ONLY = process.env.PHONE_WALK_ONLY ? new RegExp(process.env.PHONE_WALK_ONLY) : null;

/** Who makes a page work on a phone; named in failures so a reader knows where the fix goes. */
type Area = 'public pages' | 'staff console' | 'shell and centre layout' | 'lesson player' | 'exams' | 'recruiting, portrait, magazine, live' | 'payment';

interface Stop {
  path: string;
  area: Area;
  /** Where the page must end up when it redirects (a pathname). */
  landsOn?: string;
  /** The page answers HTTP 404 on purpose (the not-found screen): the browser's note of that status is expected. */
  notFound?: boolean;
}

interface DemoIds {
  videoCourse: number;
  lesson: number;
  outerCourse: number;
  news: number;
  caseArticle: number;
  expert: number;
  job: number;
  examType: string;
  helpClass: string;
  helpItem: string;
  lobby: number;
  question: number;
  certificate: string;
  memberId: number;
  learnerQuestion: number;
  memberQuestion: number;
  magazine: number;
  live: number;
  riskReport: number;
  post: number;
  application: number;
}

async function data<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const res = await request.get(url, token ? { headers: { token } } : {});
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.data;
}

type List<T> = { list: T[] };

/** Real ids from the demo data, read through the public API (and the demo accounts' own lists). */
async function demoIds(request: APIRequestContext, tokens: { learner: string; member: string; company: string }): Promise<DemoIds> {
  const courses = await data<List<{ id: number; kind: string; lesson_count: number }>>(request, '/coursepoolapi/course_pools?page=1&per=40');
  const video = courses.list.find((c) => c.kind === 'video' && c.lesson_count > 0)!;
  const outer = courses.list.find((c) => c.kind === 'outer_link')!;
  const course = await data<{ lessons: { id: number }[] }>(request, `/coursepoolapi/course_pools/tower_show_course?id=${video.id}`);
  const news = await data<List<{ id: number }>>(request, '/api/articles?kind=news');
  const cases = await data<List<{ id: number }>>(request, '/api/articles?kind=case');
  const experts = await data<List<{ id: number }>>(request, '/api/experts');
  const jobs = await data<List<{ id: number }>>(request, '/api/job_board');
  const examTypes = await data<{ type_name: string }[]>(request, '/api/exam_types');
  const help = await data<{ name: string; problems: { name: string }[] }[]>(request, '/api/problems');
  const guides = await data<{ id: number }[]>(request, '/api/service_guides');
  const questions = await data<List<{ id: number }>>(request, '/api/quiz/questions');
  const certificates = await data<{ number: string }[]>(request, '/api/my_certificates', tokens.member);
  const member = await request.post('/api/users/get_current_user', { headers: { token: tokens.member } });
  const memberId = ((await member.json()) as { data: { id: number } }).data.id;
  const learnerQuestions = await data<List<{ id: number }>>(request, '/api/quiz/mine', tokens.learner);
  const memberQuestions = await data<List<{ id: number }>>(request, '/api/quiz/mine', tokens.member);
  const magazines = await data<{ issues: { id: number }[] }>(request, '/api/magazines', tokens.member);
  const live = await data<{ items: { id: number }[] }>(request, '/api/live', tokens.member);
  const risk = await data<List<{ id: number }>>(request, '/api/risk-checks', tokens.member);
  const posts = await data<List<{ id: number }>>(request, '/api/job_posts/mine', tokens.company);
  const received = await data<List<{ id: number }>>(request, '/api/job_applications/received', tokens.company);
  return {
    videoCourse: video.id,
    lesson: course.lessons[0]!.id,
    outerCourse: outer.id,
    news: news.list[0]!.id,
    caseArticle: cases.list[0]!.id,
    expert: experts.list[0]!.id,
    job: jobs.list[0]!.id,
    examType: examTypes[0]!.type_name,
    helpClass: help[0]!.name,
    helpItem: help[0]!.problems[0]!.name,
    lobby: guides[0]!.id,
    question: questions.list[0]!.id,
    certificate: certificates[0]!.number,
    memberId,
    learnerQuestion: learnerQuestions.list[0]!.id,
    memberQuestion: memberQuestions.list[0]!.id,
    magazine: magazines.issues[0]!.id,
    live: live.items[0]!.id,
    riskReport: risk.list[0]!.id,
    post: posts.list[0]!.id,
    application: received.list[0]!.id,
  };
}

const PUBLIC: Area = 'public pages';
const CENTRE: Area = 'shell and centre layout';
const PAGES: Area = 'recruiting, portrait, magazine, live';

/** SPEC §2's public routes, as a visitor. */
function visitorStops(ids: DemoIds): Stop[] {
  const q = encodeURIComponent;
  return [
    { path: '/', area: PUBLIC },
    { path: '/login', area: PUBLIC },
    { path: '/login?mode=register', area: PUBLIC },
    { path: '/login?mode=forgot', area: PUBLIC },
    { path: `/examNotice/${ids.examType}`, area: PUBLIC },
    { path: `/linkPage?url=${q('https://www.mof.gov.cn/')}`, area: PUBLIC },
    { path: '/studentServe', area: PUBLIC },
    { path: `/studentServe/lobbyPage/${ids.lobby}`, area: PUBLIC },
    { path: '/publicityPage/tax-policy', area: PUBLIC },
    { path: '/help-center', area: PUBLIC },
    { path: `/help-center?classifyName=${q(ids.helpClass)}&name=${q(ids.helpItem)}`, area: PUBLIC },
    { path: '/newsInformation', area: PUBLIC },
    { path: `/newsInformation/details?id=${ids.news}`, area: PUBLIC },
    { path: '/learnBase', area: PUBLIC },
    { path: '/learnBase/apply?base=henan', area: PUBLIC },
    { path: '/jobDetail', area: PAGES },
    { path: `/jobDetail/jinfo?id=${ids.job}`, area: PAGES },
    { path: `/jobDetail/talentPortrayal?user_id=${ids.memberId}`, area: PAGES },
    { path: '/train', area: PUBLIC },
    { path: `/train/detail/${ids.videoCourse}`, area: PUBLIC },
    { path: `/train/outerlink/${ids.outerCourse}`, area: PUBLIC },
    { path: '/evaluate', area: PUBLIC },
    { path: '/recommend', area: PAGES },
    { path: '/expertDatabase', area: PUBLIC },
    { path: `/expertDatabase/${ids.expert}`, area: PUBLIC },
    { path: '/caseDatabase', area: PUBLIC },
    { path: `/caseDatabase/article/${ids.caseArticle}`, area: PUBLIC },
    { path: '/financeTool', area: PUBLIC },
    ...TOOL_IDS.map((id) => ({ path: `/financeTool/toolInfo/${id}`, area: PUBLIC })),
    { path: '/projectCooperate', area: PUBLIC },
    { path: '/quiz', area: PUBLIC },
    { path: `/quiz/${ids.question}`, area: PUBLIC },
    { path: '/aboutus', area: PUBLIC },
    { path: '/toolpage', area: PUBLIC },
    { path: '/courseSearch', area: PUBLIC },
    { path: `/courseSearch?courseName=${q('财务')}`, area: PUBLIC },
    { path: `/certificate/${ids.certificate}`, area: PUBLIC },
    { path: '/not-found', area: PUBLIC, notFound: true },
    { path: '/not-found/underConstruction', area: PUBLIC },
    // An unknown address shows the not-found screen where it is, with HTTP 404 (no redirect).
    { path: '/no-such-page', area: PUBLIC, notFound: true },
  ];
}

/**
 * Tool pages of /financeTool (packages/contracts tools.catalog.ts): the calculators share one panel, so two of them
 * (a result table, a schedule) and the risk check, which has its own.
 */
const TOOL_IDS = ['iit-salary', 'loan', 'risk-check'];

/** The learner (personal, not a member): the personal centre's own entries, the lesson player, buying membership. */
function learnerStops(ids: DemoIds): Stop[] {
  return [
    { path: '/center', area: CENTRE, landsOn: '/center/student' },
    { path: '/center/student', area: CENTRE },
    { path: '/center/evaluation', area: CENTRE },
    { path: '/center/lesson', area: CENTRE },
    { path: '/center/quiz', area: CENTRE },
    { path: '/center/quizQuestion', area: CENTRE },
    { path: `/center/quizInfo?id=${ids.learnerQuestion}`, area: CENTRE },
    { path: '/center/applyJob', area: PAGES },
    { path: '/center/recruitment', area: PAGES },
    { path: '/center/setting', area: CENTRE },
    { path: '/center/setting?tab=account', area: CENTRE },
    { path: '/center/note', area: CENTRE },
    { path: '/center/message', area: CENTRE },
    { path: '/center/order', area: CENTRE },
    { path: '/center/invoice', area: CENTRE },
    { path: '/center/demand-invoice', area: CENTRE },
    { path: '/center/examination', area: 'exams' },
    { path: `/train/play/${ids.videoCourse}/${ids.lesson}`, area: 'lesson player' },
    { path: '/payment?type=buyVip', area: 'payment' },
    { path: '/learnBase/apply', area: PUBLIC },
  ];
}

/** The member: the entries that show a member's benefits and records (portrait, credits, magazine, live, reports). */
function memberStops(ids: DemoIds): Stop[] {
  return [
    { path: '/center/student', area: CENTRE },
    { path: '/center/talentPortrayal', area: PAGES },
    { path: '/center/credit-archive', area: CENTRE },
    { path: '/center/magazine', area: PAGES },
    { path: `/center/magazine-read/${ids.magazine}`, area: PAGES },
    { path: '/center/master-live', area: PAGES },
    { path: `/center/master-live/${ids.live}`, area: PAGES },
    { path: '/center/finance-consult', area: CENTRE },
    { path: `/center/quizInfo?id=${ids.memberQuestion}`, area: CENTRE },
    { path: '/center/riskReports', area: CENTRE },
    { path: `/center/riskReports/${ids.riskReport}`, area: CENTRE },
  ];
}

/** The company (DECISIONS reading 2): its own menu, and the company-only recruiting pages (reading 13). */
function companyStops(ids: DemoIds): Stop[] {
  return [
    { path: '/center', area: CENTRE, landsOn: '/center/student' },
    { path: '/center/student', area: CENTRE },
    { path: '/center/recruitment/companyEdit', area: PAGES },
    { path: '/center/recruitment', area: PAGES },
    { path: '/center/recruitment/postEdit', area: PAGES },
    { path: `/center/recruitment/postEdit?id=${ids.post}`, area: PAGES },
    { path: '/center/applyJob', area: PAGES },
    { path: `/center/recruitment/resumePreview?id=${ids.application}`, area: PAGES },
    { path: '/center/talent-pool', area: PAGES },
    { path: '/center/quiz', area: CENTRE },
    { path: '/center/order', area: CENTRE },
    { path: '/center/invoice', area: CENTRE },
    { path: '/center/message', area: CENTRE },
    { path: '/center/setting?tab=account', area: CENTRE },
    { path: '/filtrate', area: PAGES },
    { path: '/recommend', area: PAGES },
  ];
}

interface Problem {
  kind: 'overflow' | 'target' | 'text' | 'reach';
  /** Inside the shell's header, footer or back-to-top rather than the page itself. */
  shell: boolean;
  detail: string;
  /** The problem without the element's position, to recognise the same shell problem on another page. */
  key: string;
}

/** Runs in the page: every problem of the phone rules (or, with `tablet`, the console's rules) as text. */
function auditInPage({ width, tablet }: { width: number; tablet: boolean }): Problem[] {
  const problems: Problem[] = [];
  const visible = (el: Element) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true } as CheckVisibilityOptions);
  /** Inside a box clipped to a pixel or less (the screen-reader-only pattern): not on screen, whatever its own size. */
  const clippedAway = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const r = p.getBoundingClientRect();
      if ((r.width <= 1 || r.height <= 1) && getComputedStyle(p).overflow !== 'visible') return true;
    }
    return false;
  };
  const inShell = (el: Element) => !!el.closest('.site-shell > header, .site-shell > footer, .back-to-top, [class*="back-to-top"]');
  const describe = (el: Element, r = el.getBoundingClientRect()) => {
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
    const label = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? (el as HTMLInputElement).value ?? '').replace(/\s+/g, ' ').trim();
    const text = label ? ` "${label.length > 24 ? `${label.slice(0, 24)}…` : label}"` : '';
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    return `<${el.tagName.toLowerCase()}${type}${cls}>${text} ${Math.round(r.width)}x${Math.round(r.height)} at (${Math.round(r.left)},${Math.round(r.top + window.scrollY)})`;
  };
  const keyOf = (kind: string, el: Element) => `${kind} ${describe(el).replace(/ at \(.*\)$/, '')}`;
  /** The nearest ancestor that clips or scrolls sideways, or null when only the page does. */
  const sidewaysBox = (el: Element): Element | null => {
    for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return p;
    }
    return null;
  };

  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) {
    // The elements where the overflow starts: past the page's edge, inside a parent that is not.
    const sticking: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right <= width + 0.5 && r.left >= -0.5) continue;
      if (sidewaysBox(el)) continue;
      const parent = el.parentElement;
      const pr = parent?.getBoundingClientRect();
      if (parent && parent !== document.body && pr && (pr.right > width + 0.5 || pr.left < -0.5)) continue;
      sticking.push(el);
    }
    problems.push({
      kind: 'overflow',
      shell: false,
      key: 'overflow',
      detail: `page scrolls sideways: scrollWidth ${scrollWidth} > ${width}; wider than the page: ${sticking.slice(0, 6).map((el) => describe(el)).join('; ') || '(no element found)'}`,
    });
  }

  const INPUT_BOX = '.ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper';
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem]',
  );
  for (const el of controls) {
    if (el.closest('[inert]')) continue;
    // An input or tab drawn inside a larger box that takes its taps (antd's select, date picker, number input, input
    // with affixes; a tab's padded box) is measured by that box.
    let target: Element = (el.tagName === 'INPUT' ? el.closest(INPUT_BOX) : el.getAttribute('role') === 'tab' ? el.closest('.ant-tabs-tab') : null) ?? el;
    if (!visible(target)) {
      // An input drawn invisible over or inside its label (a styled checkbox or radio): one taps the label.
      const label = el instanceof HTMLInputElement ? (el.labels?.[0] ?? null) : null;
      if (!label || !visible(label)) continue;
      target = label;
    }
    let r = target.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || clippedAway(target)) continue; // visually hidden (screen-reader only)
    if (target === el && el instanceof HTMLInputElement && el.labels?.[0]) {
      // A checkbox or radio whose label is part of the target: measure the larger of the two.
      const lr = el.labels[0].getBoundingClientRect();
      if (lr.width * lr.height > r.width * r.height && (lr.width >= r.width || lr.height >= r.height)) r = lr;
    }
    if (tablet) {
      const box = sidewaysBox(target);
      const scrolls = box ? /auto|scroll/.test(getComputedStyle(box).overflowX) : false;
      if (scrolls) continue;
      const bounds = box ? box.getBoundingClientRect() : { left: 0, right: width };
      if (r.left < bounds.left - 0.5 || r.right > bounds.right + 0.5) {
        problems.push({
          kind: 'reach',
          shell: inShell(el),
          key: keyOf('reach', el),
          detail: `control outside the page, not in a scrolling box: ${describe(el, r)}`,
        });
      }
      continue;
    }
    if (r.width >= 23.5 && r.height >= 23.5) continue;
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
      // WCAG 2.5.8 "inline": a link inside a sentence. The sentence is the nearest block ancestor's own text.
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (block) {
        let own = '';
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.parentElement?.closest('a, button, [role=button], [role=link]')) own += n.textContent ?? '';
        }
        if (own.replace(/[\s|·/、,，:：()（）\-–—]/g, '').length > 0) continue;
      }
    }
    problems.push({ kind: 'target', shell: inShell(el), key: keyOf('target', el), detail: `tap target under 24x24: ${describe(el, r)}` });
  }

  if (!tablet) {
    const main = document.querySelector('main');
    if (main) {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = (n.textContent ?? '').trim();
        const parent = n.parentElement;
        if (text.length < 2 || !parent || !visible(parent) || clippedAway(parent)) continue;
        range.selectNodeContents(n);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
        const lines = new Set(rects.map((r) => Math.round(r.top))).size;
        if (lines < 2) continue;
        // The column is the box the text flows in (its nearest ancestor that is not an inline box), not the text's
        // own fragments: a word that merely starts at a line's end is not a narrow column.
        let box: Element = parent;
        while (box.parentElement && /^(inline|contents)$/.test(getComputedStyle(box).display)) box = box.parentElement;
        const style = getComputedStyle(box);
        const column = box.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) -
          parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
        const fontSize = parseFloat(getComputedStyle(parent).fontSize);
        if (column < 4 * fontSize) {
          problems.push({
            kind: 'text',
            shell: false,
            key: 'text',
            detail: `text narrower than 4 characters a line: "${text.length > 20 ? `${text.slice(0, 20)}…` : text}" wraps onto ${lines} lines in a column ${Math.round(column)}px wide < 4em (${Math.round(4 * fontSize)}px), in ${describe(box)}`,
          });
        }
      }
    }
  }
  return problems;
}

/** Waits until the page has loaded its data: the network calm and no spinner or skeleton left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"], .page-spin'), undefined, {
      timeout: 8_000,
    })
    .catch(() => undefined);
}

interface WalkOptions {
  viewport: { name: string; width: number; height: number };
  who: string;
  tablet?: boolean;
  /** Logged in: a page that lands on /login means the session was lost. */
  signedIn: boolean;
  /** Run the accessibility check (support/axe.ts) on every stop. */
  axe?: boolean;
  /** Check the phone (or, with `tablet`, console) layout rules; off in the desk pass, which checks accessibility only. */
  layout?: boolean;
}

/** Walks the stops in one page (one browser context, one login) and fails softly per route. */
async function walk(page: Page, stops: Stop[], options: WalkOptions, testInfo: TestInfo): Promise<void> {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`${msg.text()}${msg.location().url ? ` (${msg.location().url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`uncaught ${err.name}: ${err.message}`));
  const shellSeen = new Map<string, string>();
  const summary: string[] = [];
  for (const stop of stops.filter((s) => !ONLY || ONLY.test(s.path))) {
    await test.step(`${stop.path} @ ${options.viewport.name}`, async () => {
      consoleErrors.length = 0;
      const where = `${stop.path} @ ${options.viewport.name} as ${options.who} [${stop.area}]`;
      const lines: string[] = [];
      try {
        await page.goto(stop.path);
      } catch (err) {
        lines.push(`navigation failed: ${(err as Error).message.split('\n')[0]}`);
      }
      if (stop.landsOn) {
        const to = stop.landsOn;
        await page.waitForURL((u) => u.pathname === to, { timeout: 10_000 }).catch(() => undefined);
      }
      await settle(page);
      const landed = new URL(page.url()).pathname;
      const expected = stop.landsOn ?? stop.path.split('?')[0]!;
      if (options.signedIn && landed === '/login') lines.push('landed on /login: the session was lost (the account logged in elsewhere?)');
      else if (landed !== expected) lines.push(`landed on ${landed}, expected ${expected}`);
      const problems =
        options.layout === false ? [] : await page.evaluate(auditInPage, { width: options.viewport.width, tablet: options.tablet === true });
      let shellRepeats = 0;
      for (const p of problems) {
        const line = `[${p.kind}]${p.shell ? ' (shell)' : ''} ${p.detail}`;
        if (p.shell && shellSeen.has(p.key)) {
          shellRepeats += 1;
          continue;
        }
        if (p.shell) shellSeen.set(p.key, stop.path);
        lines.push(line);
      }
      if (shellRepeats > 0) lines.push(`[shell] ${shellRepeats} more header/footer problem(s), listed above on an earlier route of this walk`);
      if (options.axe) lines.push(...(await accessibilityProblems(page)));
      if (stop.notFound && !(await page.getByText('页面不存在').first().isVisible().catch(() => false))) {
        lines.push('the not-found screen is not shown');
      }
      for (const e of consoleErrors) {
        // The document's own 404 is the answer asked for; any other console error counts.
        if (stop.notFound && /status of 404/.test(e) && e.includes(`(${stop.path})`)) continue;
        lines.push(`[console] ${e}`);
      }
      summary.push(`${lines.length === 0 ? 'PASS' : 'FAIL'} ${where}${lines.length ? `\n    ${lines.join('\n    ')}` : ''}`);
      expect.soft(lines, where).toEqual([]);
    });
  }
  await testInfo.attach(`phone-walk ${options.who} ${options.viewport.name}`, { body: summary.join('\n'), contentType: 'text/plain' });
  if (process.env.PHONE_WALK_SUMMARY) console.log(summary.join('\n'));
}

/** Sessions whose account a care-mode walk switched to care mode: switched back after the test (later tests share the data). */
const careSessions: string[] = [];

async function setAccountCareMode(request: APIRequestContext, token: string, enabled: boolean): Promise<void> {
  const res = await request.put('/api/users/care_mode', { headers: { token }, data: { enabled } });
  expect(res.ok(), `care_mode ${enabled}`).toBe(true);
}

async function signIn(page: Page, request: APIRequestContext, account: { phone: string; password: string }, care = false): Promise<string> {
  const token = await passwordToken(request, account);
  // Signed in, the account's care mode wins over the browser's.
  if (care) {
    await setAccountCareMode(request, token, true);
    careSessions.push(token);
  }
  await useToken(page, token);
  return token;
}

/** Tokens for reading the demo accounts' own ids; the walk logs in again in its own context, which ends these. */
async function idsFor(request: APIRequestContext): Promise<DemoIds> {
  const [learner, member, company] = [
    await passwordToken(request, LEARNER),
    await passwordToken(request, MEMBER),
    await passwordToken(request, COMPANY),
  ];
  return demoIds(request, { learner, member, company });
}


for (const viewport of PHONES) {
  /** Accessibility is checked at the first phone size only (390 x 844); the desk pass checks it at 1366. */
  const checksAccessibility = viewport === PHONES[0];
  const andAccessible = checksAccessibility ? '; the accessibility check passes' : '';
  test.describe(`phone walk at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, isMobile: true, hasTouch: true });
    if (viewport.care) {
      test.beforeEach(async ({ page }) => page.addInitScript(() => window.localStorage.setItem('care_mode', '1')));
      test.afterEach(async ({ request }) => {
        for (const token of careSessions.splice(0)) await setAccountCareMode(request, token, false);
      });
    }

    test(`every public route fits a ${viewport.name} phone for a visitor${andAccessible}`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      const ids = await idsFor(request);
      await walk(page, visitorStops(ids), { viewport, who: 'visitor', signedIn: false, axe: checksAccessibility }, testInfo);
    });

    test(`the learner's centre, lesson player and membership purchase fit a ${viewport.name} phone${andAccessible}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const ids = await idsFor(request);
      await signIn(page, request, LEARNER, viewport.care);
      await walk(page, learnerStops(ids), { viewport, who: 'learner 13800138000', signedIn: true, axe: checksAccessibility }, testInfo);
    });

    test(`the member's centre (portrait, credits, magazine, live, reports) fits a ${viewport.name} phone${andAccessible}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const ids = await idsFor(request);
      await signIn(page, request, MEMBER, viewport.care);
      await walk(page, memberStops(ids), { viewport, who: 'member 13800138001', signedIn: true, axe: checksAccessibility }, testInfo);
    });

    test(`the company's centre and recruiting pages fit a ${viewport.name} phone${andAccessible}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const ids = await idsFor(request);
      await signIn(page, request, COMPANY, viewport.care);
      await walk(page, companyStops(ids), { viewport, who: 'company 13800138002', signedIn: true, axe: checksAccessibility }, testInfo);
    });
  });
}

test.describe(`staff console at ${TABLET.name}`, () => {
  test.use({ viewport: { width: TABLET.width, height: TABLET.height }, isMobile: true, hasTouch: true });

  test('every screen of the admin menu works on a 768 px tablet without sideways scrolling and passes the accessibility check', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, request, ADMIN);
    await page.goto('/admin');
    // Below 1024 px the side menu starts folded behind a button; unfold it to read its entries.
    const unfold = page.getByRole('button', { name: '展开菜单' });
    const nav = page.getByRole('navigation', { name: '管理后台菜单' });
    await expect(nav.or(unfold).first()).toBeVisible();
    if (await unfold.isVisible()) await unfold.click();
    const paths = await consoleMenu(page);
    expect(paths.length, 'admin menu entries').toBeGreaterThan(10);
    await walk(
      page,
      paths.map((path) => ({ path, area: 'staff console' as Area })),
      { viewport: TABLET, who: 'admin 13800138009', tablet: true, signedIn: true, axe: true },
      testInfo,
    );
  });
});

/** The routes of the console's side menu as the signed-in account sees it (antd keeps the key in data-menu-id). */
async function consoleMenu(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: '管理后台菜单' }).getByRole('menuitem');
  await expect(menu.first()).toBeVisible();
  return menu.evaluateAll((items) =>
    items.map((li) => /(\/admin[^\s]*)$/.exec(li.getAttribute('data-menu-id') ?? '')?.[1] ?? '').filter(Boolean),
  );
}

/**
 * The desk pass: the phone walk's stops at 1366 x 768, checking accessibility only (the layout rules are the
 * phone's). Every role: visitor, learner, member, company, the administrator's whole console, and each other staff
 * role's landing screen with its own menu.
 */
test.describe(`accessibility at the desk, ${DESK.name}`, () => {
  test.use({ viewport: { width: DESK.width, height: DESK.height } });
  const desk = { viewport: DESK, axe: true, layout: false } as const;

  test('every public route passes the accessibility check at the desk for a visitor', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const ids = await idsFor(request);
    await walk(page, visitorStops(ids), { ...desk, who: 'visitor', signedIn: false }, testInfo);
  });

  test("the learner's, the member's and the company's pages pass the accessibility check at the desk", async ({ browser, request }, testInfo) => {
    test.setTimeout(300_000);
    const ids = await idsFor(request);
    const accounts = [
      { account: LEARNER, who: 'learner 13800138000', stops: learnerStops(ids) },
      { account: MEMBER, who: 'member 13800138001', stops: memberStops(ids) },
      { account: COMPANY, who: 'company 13800138002', stops: companyStops(ids) },
    ];
    for (const { account, who, stops } of accounts) {
      const page = await deskPage(browser);
      await signIn(page, request, account);
      await walk(page, stops, { ...desk, who, signedIn: true }, testInfo);
      await page.context().close();
    }
  });

  test("every console screen passes the accessibility check at the desk for the administrator, and each other staff role's landing screen and menu", async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const adminToken = await passwordToken(request, ADMIN);
    const admin = await deskPage(browser);
    await useToken(admin, adminToken);
    await admin.goto('/admin');
    const adminPaths = await consoleMenu(admin);
    expect(adminPaths.length, 'admin menu entries').toBeGreaterThan(10);
    await walk(admin, adminPaths.map((path) => ({ path, area: 'staff console' as Area })), { ...desk, who: 'admin 13800138009', signedIn: true }, testInfo);
    await admin.context().close();

    // Every other role's console is a subset of the administrator's screens (the same pages, fewer of them): each
    // role's landing screen, /admin with its own menu (the dashboard, or for a role without one the note that it has
    // no screen yet), is checked, not every screen again.
    for (const { role, token } of await staffTokens(request, adminToken)) {
      const page = await deskPage(browser);
      await useToken(page, token);
      await walk(page, [{ path: '/admin', area: 'staff console' }], { ...desk, who: `staff role ${role}`, signedIn: true }, testInfo);
      await page.context().close();
    }
  });
});

/** A page at the desk size in a browser context of its own (one login each). */
async function deskPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: DESK.width, height: DESK.height } });
  return waitingForClient(await context.newPage());
}

/**
 * A session for every staff role but the administrator: the demo 财务 and 阅卷老师 accounts, and a new account per
 * other role, given its role by the administrator through the staff API.
 */
async function staffTokens(request: APIRequestContext, adminToken: string): Promise<{ role: string; token: string }[]> {
  const tokens = [
    { role: 'finance', token: await passwordToken(request, { phone: '13800138008', password: 'admin_1234' }) },
    { role: 'grader', token: await passwordToken(request, { phone: '13800138007', password: 'admin_1234' }) },
  ];
  for (const role of ['editor', 'course_manager', 'reviewer', 'expert']) {
    const account = await registerAccount(request, 'personal');
    if (!account) throw new Error('the accounts API is missing from this build');
    const res = await request.post('/api/admin/staff/roles', { headers: { token: adminToken }, data: { phone: account.phone, roles: [role] } });
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code, `granting ${role}: ${body.message}`).toBe(200);
    tokens.push({ role, token: account.token });
  }
  return tokens;
}
