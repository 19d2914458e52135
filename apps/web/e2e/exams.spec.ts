import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, test, waitingForClient } from './support/fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { LEAVE_GRACE_SECONDS } from '@app/contracts';
import { registerAccount, useToken } from './support/session';

/**
 * Exams issue: register for a free exam, sit it (answers survive a reload), leave the page the configured number of
 * times (the paper is submitted), see the score, download the certificate PDF and open its QR page logged out.
 */

const SHOTS = '/tmp/exams-shots';
const GRADER = { phone: '13800138007', password: 'admin_1234' };
const TYPE_NAME = 'management-accountant-junior';

interface BankQuestion {
  id: number;
  kind: string;
  stem: string;
  options: string[];
  answer: number[] | boolean | string[] | string;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** The junior bank with its answers, read as the grader (staff) would. */
async function bankWithAnswers(request: APIRequestContext): Promise<Map<number, BankQuestion>> {
  const { token } = await ok<{ token: string }>(await request.post('/api/users/account_login', { data: GRADER }));
  const types = await ok<{ id: number; type_name: string }[]>(await request.get('/api/exam_types'));
  const typeId = types.find((t) => t.type_name === TYPE_NAME)!.id;
  const page = await ok<{ list: BankQuestion[] }>(
    await request.get('/api/admin/exam_questions', { params: { type_id: typeId, per_page: 100 }, headers: { token } }),
  );
  return new Map(page.list.map((q) => [q.id, q]));
}

function correct(q: BankQuestion): number[] | boolean | string {
  if (q.kind === 'fill') return (q.answer as string[])[0]!;
  return q.answer as number[] | boolean;
}

/** A window over the paper for longer than the grace period (the page's clock is Playwright's, moved on). */
async function leaveOnce(page: Page, expected: number, max: number) {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.clock.fastForward((LEAVE_GRACE_SECONDS + 1) * 1000);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  if (expected < max) await expect(page.getByLabel('离开次数')).toHaveText(`离开页面次数：${expected} / ${max}`);
}

test('a learner registers for a free exam, sits it, resumes after a reload, is auto-submitted after leaving, and gets a checkable certificate', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);
  const bank = await bankWithAnswers(request);

  // Notice and registration.
  await page.goto(`/examNotice/${TYPE_NAME}`);
  await expect(page.getByRole('heading', { name: /管理会计师（初级）/ })).toBeVisible();
  await expect(page).toHaveTitle(/考试认证平台/);
  await page.screenshot({ path: `${SHOTS}/notice.png`, fullPage: true });
  await page.getByRole('button', { name: '立即报名' }).first().click();
  await expect(page).toHaveURL(/\/center\/examination$/);
  await expect(page.getByRole('button', { name: '开始考试' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/examination.png` });
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByRole('dialog', { name: '考试须知' })).toContainText(`超过${LEAVE_GRACE_SECONDS}秒，计为离开一次`);
  await page.getByRole('button', { name: '已阅读，进入考试' }).click();
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  const attemptId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('timer', { name: '剩余时间' })).toBeVisible();

  // Most answers arrive through the API (same session), the first two through the page.
  const attempt = await ok<{ questions: { id: number; kind: string; options: { key: number; text: string }[] }[]; max_leaves: number }>(
    await request.get(`/api/exam_attempts/${attemptId}`, { headers: { token: account.token } }),
  );
  const [first, second, ...rest] = attempt.questions;
  await ok(
    await request.put(`/api/exam_attempts/${attemptId}/answers`, {
      headers: { token: account.token },
      data: { answers: rest.map((q) => ({ question_id: q.id, answer: correct(bank.get(q.id)!), flagged: false })) },
    }),
  );
  for (const q of [first!, second!]) {
    const key = (bank.get(q.id)!.answer as number[])[0]!;
    await page
      .locator(`#q-${q.id} label.ant-radio-wrapper`)
      .filter({ has: page.locator(`input[value="${key}"]`) })
      .click();
  }
  await page.locator(`#q-${second!.id}`).getByRole('button', { name: '标记' }).click();
  await expect(page.getByText(/^已保存 \d/)).toBeVisible();

  await page.reload();
  await expect(page.getByText(`已答 ${attempt.questions.length} / ${attempt.questions.length}`)).toBeVisible();
  await expect(page.locator(`#q-${first!.id}`).locator('.ant-radio-wrapper-checked')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^第2题已答，已标记$/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/paper.png`, fullPage: false });

  // Copy is blocked on the paper.
  const copied = await page.evaluate(() => {
    const e = new Event('copy', { bubbles: true, cancelable: true });
    document.querySelector('.exam-question__stem')!.dispatchEvent(e);
    return e.defaultPrevented;
  });
  expect(copied).toBe(true);

  // A short absence (under the grace period) is not a leave; staying away longer, the configured number of times,
  // submits the paper.
  await page.clock.install();
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.clock.fastForward(3_000);
  const shortAbsence = page.waitForResponse((r) => r.url().endsWith(`/api/exam_attempts/${attemptId}/leaves`));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  expect(((await (await shortAbsence).json()) as { data: unknown }).data).toMatchObject({ counted: false, leave_count: 0 });
  await expect(page.getByLabel('离开次数')).toHaveText(`离开页面次数：0 / ${attempt.max_leaves}`);
  for (let i = 1; i <= attempt.max_leaves; i++) await leaveOnce(page, i, attempt.max_leaves);
  await expect(page.getByText('考试成绩：100分')).toBeVisible();
  await expect(page.getByText('离开考试页面次数超过限制，系统自动交卷')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/result.png` });

  // The certificate PDF downloads; its first page is rendered for a look.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载证书' }).click();
  const download = await downloading;
  const pdfPath = `${SHOTS}/certificate.pdf`;
  await download.saveAs(pdfPath);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, `${SHOTS}/certificate`]);

  // Its QR page, logged out.
  const certs = await ok<{ number: string }[]>(await request.get('/api/my_certificates', { headers: { token: account.token } }));
  const number = certs[0]!.number;
  const visitor = await browser.newContext();
  const anonymous = waitingForClient(await visitor.newPage());
  await anonymous.goto(`/certificate/${number}`);
  await expect(anonymous.getByText('证书真实有效')).toBeVisible();
  await expect(anonymous.getByText(number)).toBeVisible();
  await expect(anonymous.getByText('管理会计师（初级）证书')).toBeVisible();
  await anonymous.screenshot({ path: `${SHOTS}/check.png` });
  await visitor.close();
});

test('a non-member pays the fee of a member-free exam in the sandbox cashier and is registered; a paid exam refuses a learner without the star level', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);

  // 管理会计师（中级）: paid, and only from one star up; a new learner is told why, and nothing is ordered.
  await page.goto('/examNotice/management-accountant-intermediate');
  await expect(page.getByRole('heading', { name: /管理会计师（中级）/ })).toBeVisible();
  await page.getByRole('button', { name: '缴费报名' }).first().click();
  await expect(page.getByText('不符合报考条件：需达到一星及以上星级')).toBeVisible();
  await expect(page).toHaveURL(/\/examNotice\/management-accountant-intermediate$/);

  // 财务共享服务: free for members; a non-member pays its 299 yuan fee through an order and the cashier.
  await page.goto('/examNotice/shared-services');
  await expect(page.getByText('会员免费（非会员299元）').first()).toBeVisible();
  await page.getByRole('button', { name: '立即报名' }).first().click();
  await expect(page).toHaveURL(/\/payment\?order_no=\w+/);
  await expect(page.getByText('¥299.00').first()).toBeVisible();
  await page.getByRole('link', { name: '前往模拟收银台支付' }).click();
  const wallet = page.getByRole('region', { name: '模拟收银台' });
  await wallet.getByRole('button', { name: /确认支付/ }).click();
  await expect(wallet.getByText('支付成功')).toBeVisible();
  await wallet.getByRole('button', { name: /返回商户页面/ }).click();
  await expect(page.getByText('缴费成功，报名完成')).toBeVisible();
  await page.getByRole('button', { name: '去在线考试' }).click();
  await expect(page).toHaveURL(/\/center\/examination$/);
  await expect(page.getByText(/财务共享服务/).first()).toBeVisible();
  const mine = await ok<{ registrations: { state: string; type: { type_name: string } }[] }>(
    await request.get('/api/exams', { headers: { token: account.token } }),
  );
  expect(mine.registrations.map((r) => [r.type.type_name, r.state])).toEqual([['shared-services', 'registered']]);
});

test('an unknown exam type shows the not-found page', async ({ page }) => {
  await page.goto('/examNotice/no-such-exam');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});
