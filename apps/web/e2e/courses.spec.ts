import { expect, test } from './support/fixtures';
import { type Page } from '@playwright/test';
import { loginAs } from './support/session';
import { shellReady } from './support/site';

// A free course of the demo catalogue whose title contains the search term, and its lesson that has a
// (multiple-choice) question in the seed.
const TERM = '预算';
const COURSE = '预算考核与激励机制设计';
const LESSON = '考核与激励的挂钩';

async function video(page: Page) {
  const v = page.locator('video');
  await expect(v).toBeVisible();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  return v;
}

const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime);

/** Muted playback (autoplay rules), started from the page like a click would. */
async function playFor(page: Page, ms: number) {
  await page.evaluate(async () => {
    const v = document.querySelector('video')!;
    v.muted = true;
    await v.play();
  });
  await page.waitForTimeout(ms);
  await page.evaluate(() => document.querySelector('video')!.pause());
}

test('a learner finds a course, studies a lesson, resumes, answers, likes, favourites, comments and takes notes', async ({ page, request }) => {
  test.setTimeout(90_000);
  await loginAs(page, request, 'personal');

  // Search from the header; the term is highlighted in the results.
  await page.goto('/');
  await shellReady(page);
  await page.getByRole('searchbox', { name: '搜索课程' }).fill(TERM);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courseSearch\?courseName=/);
  const results = page.getByRole('list', { name: '搜索结果' });
  await expect(results.locator('mark').first()).toHaveText(TERM);
  await results.locator('h3 a', { hasText: COURSE }).click();

  // Course page.
  await expect(page).toHaveURL(/\/train\/detail\/\d+$/);
  const courseUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByRole('heading', { name: '课程目录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '开始学习' })).toBeVisible();
  await page.getByRole('link', { name: LESSON }).click();

  // Play, seek to a known second, play a little, pause: the position is reported.
  await expect(page).toHaveURL(/\/train\/play\/\d+\/\d+$/);
  await video(page);
  const reported = page.waitForResponse((r) => r.url().includes('/watch_create') && r.request().method() === 'POST');
  await playFor(page, 1500);
  await reported;
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 20;
  });
  // Wait for the pause report itself (not the seek's): registered before the pause so it cannot be missed.
  const pauseSaved = page.waitForResponse((r) => {
    if (!r.url().includes('/watch_create')) return false;
    const body = r.request().postDataJSON() as { state?: string; position?: number } | null;
    return body?.state === 'paused' && (body.position ?? 0) > 21;
  });
  await playFor(page, 2500);
  const pausedAt = await currentTime(page);
  expect(pausedAt).toBeGreaterThan(20);
  await pauseSaved;

  // Reload: the player resumes near the same second.
  await page.reload();
  await video(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(pausedAt - 2);
  expect(await currentTime(page)).toBeLessThan(pausedAt + 2);

  // Answer the lesson question (choose A and B): the result and the explanation appear.
  const questions = page.getByRole('region', { name: '课后练习' });
  await questions.getByRole('checkbox').nth(0).check();
  await questions.getByRole('checkbox').nth(1).check();
  await questions.getByRole('button', { name: '提交答案' }).click();
  await expect(questions.getByRole('status')).toContainText(/回答(正确|错误)/);
  await expect(questions.getByText(/^解析：/)).toBeVisible();

  // A note at the current second, then a jump back to it from elsewhere in the video.
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 12;
  });
  // The side panel opens on the lesson's 文稿 (transcript); notes are the next tab.
  await page.getByRole('tab', { name: '笔记' }).click();
  await page.getByRole('textbox', { name: '笔记内容' }).fill('预算考核要与战略目标挂钩');
  await page.getByRole('button', { name: '保存笔记' }).click();
  const noteJump = page.getByRole('button', { name: '跳转到 00:12' });
  await expect(noteJump).toBeVisible();
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 40;
  });
  await noteJump.click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(12, 0);

  // Back on the course page: like, favourite, comment.
  await page.goto(courseUrl);
  const like = page.getByRole('button', { name: /点赞 \d+/ });
  const likesBefore = Number((await like.textContent())?.match(/\d+/)?.[0]);
  await like.click();
  await expect(page.getByRole('button', { name: `点赞 ${likesBefore + 1}` })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '收藏' }).click();
  await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();
  const comment = `端到端评论 ${Date.now()}`;
  // The comments load when their section comes near the screen.
  await page.locator('.course-detail__comments').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: '评论内容' }).fill(comment);
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByText(comment)).toBeVisible();

  // My courses: the course is in 学习中 with the percent of its time watched (above 0 before any lesson is
  // finished); the favourite is listed.
  await page.goto('/center/lesson');
  const row = page.getByRole('listitem').filter({ hasText: COURSE });
  await expect(row).toBeVisible();
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-label', /^学习进度[1-9]\d?%$/);
  await page.getByRole('tab', { name: '我的收藏' }).click();
  await expect(page.getByRole('list', { name: '我的收藏' }).getByRole('link', { name: COURSE })).toBeVisible();

  // My notes: the note is listed and opens the lesson at its second.
  await page.goto('/center/note');
  await expect(page.getByText('预算考核要与战略目标挂钩')).toBeVisible();
});

test("an outer-link course's detail page leads to its outer-link page instead of an empty catalogue", async ({ page, request }) => {
  const list = await (await request.get('/coursepoolapi/course_pools', { params: { keyword: '纳税服务学堂', per: 10 } })).json();
  const course = (list.data.list as { id: number; kind: string }[]).find((c) => c.kind === 'outer_link')!;
  await page.goto(`/train/detail/${course.id}`);
  await shellReady(page);
  await expect(page.getByText('本课程在合作平台学习')).toBeVisible();
  // Its figures name the partner platform instead of 0 lessons of 00:00.
  await expect(page.locator('.course-hero__stats')).toContainText('合作平台学习');
  await expect(page.locator('.course-hero__stats')).not.toContainText('0课时');
  await page.getByRole('button', { name: '前往学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/train/outerlink/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: '国家税务总局纳税服务学堂' })).toBeVisible();
});

test('an outer-link course records the visit and opens the partner site in a new tab', async ({ page, context, request }) => {
  const list = await (await request.get('/coursepoolapi/course_pools', { params: { keyword: '纳税服务学堂', per: 10 } })).json();
  const course = (list.data.list as { id: number; kind: string }[]).find((c) => c.kind === 'outer_link')!;
  expect(course).toBeDefined();
  // No internet here: the partner site answers from the test.
  await context.route('https://www.chinatax.gov.cn/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<title>合作平台</title>' }));

  await page.goto(`/train/outerlink/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '国家税务总局纳税服务学堂' })).toBeVisible();
  const visit = page.waitForResponse((r) => r.url().includes('/outer_visit') && r.request().method() === 'POST');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /前往学习/ }).click();
  expect((await (await visit).json()).data.outer_url).toBe('https://www.chinatax.gov.cn/');
  const tab = await popup;
  await tab.waitForURL('https://www.chinatax.gov.cn/');
  await expect(tab).toHaveTitle('合作平台');
  // The site stays open on the course page.
  await expect(page).toHaveURL(new RegExp(`/train/outerlink/${course.id}$`));
});
