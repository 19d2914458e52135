import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerAccount, useToken } from './support/session';

/**
 * Exams on a phone (390 x 844, touch): from 在线考试 to the result and the certificate, one question per screen,
 * turning with a swipe and 下一题 and jumping with the 答题卡, the confirmation naming the unanswered question. Screenshots of
 * every step go to /tmp/phone-exams-shots, and the same pages at 1366 px for the desk.
 */

const SHOTS = '/tmp/phone-exams-shots';
const GRADER = { phone: '13800138007', password: 'admin_1234' };
const TYPE_NAME = 'management-accountant-junior';
const PHONE_WIDTH = 390;
const LETTERS = 'ABCDEFGH';

interface BankQuestion {
  id: number;
  kind: string;
  answer: number[] | boolean | string[] | string;
}
interface PaperQuestion {
  id: number;
  kind: string;
  options: { key: number; text: string }[];
}

test.use({ viewport: { width: PHONE_WIDTH, height: 844 }, isMobile: true, hasTouch: true });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** The junior bank with its answers, read as staff (the grader) would. */
async function bankWithAnswers(request: APIRequestContext): Promise<Map<number, BankQuestion>> {
  const { token } = await ok<{ token: string }>(await request.post('/api/users/account_login', { data: GRADER }));
  const types = await ok<{ id: number; type_name: string }[]>(await request.get('/api/exam_types'));
  const typeId = types.find((t) => t.type_name === TYPE_NAME)!.id;
  const page = await ok<{ list: BankQuestion[] }>(
    await request.get('/api/admin/exam_questions', { params: { type_id: typeId, per_page: 100 }, headers: { token } }),
  );
  return new Map(page.list.map((q) => [q.id, q]));
}

/** A finger drawn sideways across the middle of the screen (negative: to the left). */
async function swipe(page: Page, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  const y = 420;
  const from = dx < 0 ? 300 : 60;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + dx / 2, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits for the page's animations (a sheet sliding up, a dialog zooming in) to end, for a screenshot. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Nothing scrolls the page sideways on the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** Height and width of a control, at least `min` px each (44 for primary actions). */
async function tapTarget(page: Page, name: string | RegExp, min: number) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  expect(box, String(name)).not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(min);
  expect(box!.width).toBeGreaterThanOrEqual(min);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** Answers the question on screen correctly by tapping its options (or typing a fill-in). */
async function answer(page: Page, q: PaperQuestion, right: BankQuestion) {
  const main = page.getByRole('main', { name: '试题' });
  if (q.kind === 'judge') {
    await main.getByLabel(right.answer ? '正确' : '错误', { exact: true }).tap();
  } else if (q.kind === 'fill') {
    await main.getByLabel('填写答案').fill((right.answer as string[])[0]!);
  } else {
    for (const key of right.answer as number[]) {
      const i = q.options.findIndex((o) => o.key === key);
      await main.getByLabel(`${LETTERS[i]}. ${q.options[i]!.text}`, { exact: true }).tap();
    }
  }
}

test('on a phone a learner takes an exam from 在线考试 to the result, through the question grid and 下一题, and is told which question is unanswered', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);
  const bank = await bankWithAnswers(request);

  // The notice: 考试须知 with the leave rule before registering.
  await page.goto(`/examNotice/${TYPE_NAME}`);
  await expect(page.getByRole('heading', { name: /管理会计师（初级）/ })).toBeVisible();
  await expect(page.getByRole('region', { name: '考试须知' })).toContainText('来电挂断、下拉通知栏');
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/notice.png`, fullPage: true });
  await tapTarget(page, '立即报名', 44);
  await page.getByRole('button', { name: '立即报名' }).first().tap();

  // 在线考试: the registration as a card, 开始考试 on screen.
  await expect(page).toHaveURL(/\/center\/examination$/);
  await expect(page.getByRole('button', { name: '开始考试' })).toBeInViewport();
  await tapTarget(page, '开始考试', 44);
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/examination.png`, fullPage: true });
  await page.getByRole('button', { name: '开始考试' }).tap();
  await expect(page.getByRole('dialog', { name: '考试须知' })).toContainText('计为离开一次');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/rules.png` });
  await page.getByRole('button', { name: '已阅读，进入考试' }).tap();

  // The paper: one question per screen, the time always on screen.
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  const attemptId = Number(new URL(page.url()).pathname.split('/').pop());
  const attempt = await ok<{ questions: PaperQuestion[] }>(
    await request.get(`/api/exam_attempts/${attemptId}`, { headers: { token: account.token } }),
  );
  const questions = attempt.questions;
  const total = questions.length;
  expect(total).toBeGreaterThan(3);
  const timer = page.getByRole('timer', { name: '剩余时间' });
  await expect(timer).toBeInViewport();
  await expect(page.getByText(`第 1 / ${total} 题`)).toBeVisible();
  await fitsThePhone(page);
  await tapTarget(page, '下一题', 44);
  await tapTarget(page, '答题卡', 44);
  await page.screenshot({ path: `${SHOTS}/paper-question.png` });

  // A sideways swipe turns the page too.
  await swipe(page, -200);
  await expect(page.getByText(`第 2 / ${total} 题`)).toBeVisible();
  await swipe(page, 200);
  await expect(page.getByText(`第 1 / ${total} 题`)).toBeVisible();

  // Answer all but the second-to-last question, turning with 下一题; the last one is reached through the grid.
  const skipped = total - 1; // 1-based number of the question left unanswered
  for (let i = 0; i < total - 2; i++) {
    await expect(page.getByText(`第 ${i + 1} / ${total} 题`)).toBeVisible();
    await answer(page, questions[i]!, bank.get(questions[i]!.id)!);
    await page.getByRole('button', { name: '下一题' }).tap();
  }
  await expect(page.getByText(`第 ${skipped} / ${total} 题`)).toBeVisible();
  // Scrolled to the foot of a question, the remaining time is still on screen.
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
    const paper = document.querySelector('.exam-paper--phone');
    paper?.scrollTo(0, paper.scrollHeight);
  });
  await expect(timer).toBeInViewport();
  await expect(page.getByText(/^已保存 \d/)).toBeVisible();

  await page.getByRole('button', { name: '答题卡' }).tap();
  const sheet = page.getByRole('dialog', { name: '答题卡' });
  await expect(sheet.getByRole('button', { name: '第1题已答' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: `第${skipped}题未答` })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/paper-grid.png` });
  await sheet.getByRole('button', { name: `第${total}题未答` }).tap();
  await expect(page.getByText(`第 ${total} / ${total} 题`)).toBeVisible();
  await answer(page, questions[total - 1]!, bank.get(questions[total - 1]!.id)!);

  // 交卷 on the last question: the confirmation names the unanswered question and leads back to it.
  await page.getByRole('navigation', { name: '翻题' }).getByRole('button', { name: /^交\s?卷$/ }).tap();
  const confirm = page.getByRole('dialog', { name: '确认交卷' });
  await expect(confirm).toContainText(`还有1道题未作答：第${skipped}题`);
  await fitsThePhone(page);
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/paper-confirm.png` });
  await confirm.getByRole('button', { name: `去第${skipped}题作答` }).tap();
  await expect(page.getByText(`第 ${skipped} / ${total} 题`)).toBeVisible();
  await answer(page, questions[skipped - 1]!, bank.get(questions[skipped - 1]!.id)!);
  await page.getByRole('button', { name: '答题卡' }).tap();
  await expect(sheet.getByRole('button', { name: `第${skipped}题已答` })).toBeVisible();
  await sheet.getByRole('button', { name: /^交\s?卷$/ }).tap();
  await expect(confirm).toContainText(`全部${total}道题已作答`);
  await confirm.getByRole('button', { name: /^交\s?卷$/ }).tap();

  // The result, with the certificate.
  await expect(page.getByText('考试成绩：100分')).toBeVisible();
  await fitsThePhone(page);
  await tapTarget(page, '返回在线考试', 44);
  await page.screenshot({ path: `${SHOTS}/result.png`, fullPage: true });
  const certs = await ok<{ number: string }[]>(await request.get('/api/my_certificates', { headers: { token: account.token } }));
  const number = certs[0]!.number;

  await page.goto('/center/examination');
  await page.getByRole('tab', { name: /已结束|进行中/ }).first().waitFor();
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/examination-after.png`, fullPage: true });

  await page.goto(`/certificate/${number}`);
  await expect(page.getByText('证书真实有效')).toBeVisible();
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/certificate.png`, fullPage: true });

  // The same pages on a desk (1366 px) still read as before.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await desk.addInitScript((t) => window.localStorage.setItem('verify', t), account.token);
  const deskPage = await desk.newPage();
  for (const [name, path] of [
    ['notice', `/examNotice/${TYPE_NAME}`],
    ['examination', '/center/examination'],
    ['result', `/exam/${attemptId}`],
    ['certificate', `/certificate/${number}`],
  ] as const) {
    await deskPage.goto(path);
    await deskPage.waitForFunction(() => document.documentElement.hasAttribute('data-app'));
    await deskPage.waitForLoadState('networkidle');
    await deskPage.screenshot({ path: `${SHOTS}/desk-${name}.png`, fullPage: true });
  }
  await desk.close();
});
