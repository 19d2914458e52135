import { expect, test } from './support/fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { chooseByArrows, skipToMain, tabTo } from './support/keyboard';
import { registerAccount, useToken } from './support/session';

/**
 * Keyboard only: six flows a person completes with Tab, Shift+Tab, Enter, Space, the arrows and typing, never a
 * pointer. Each starts from a page load (the skip link first) on a fresh account where it changes data.
 */

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

async function freshLearner(page: Page, request: APIRequestContext) {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);
  return account;
}

/** Tab to a control, then press Enter on it. */
async function activate(page: Page, target: ReturnType<Page['locator']>, options?: Parameters<typeof tabTo>[2]) {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

test('a learner signs in with the password form using the keyboard alone', async ({ page, request }) => {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await page.goto('/login');
  await skipToMain(page);
  const panel = page.getByRole('tabpanel', { name: '密码登录' });
  await tabTo(page, panel.getByLabel('手机号'));
  await page.keyboard.type(account.phone);
  await tabTo(page, panel.getByLabel('密码', { exact: true }));
  await page.keyboard.type('e2e_pass_1234');
  await activate(page, panel.getByRole('button', { name: /登\s*录/ }));
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: new RegExp(account.phone) })).toBeVisible();
});

test('a learner finds a course with the header search, opens a lesson and plays and pauses it with Space', async ({ page, request }) => {
  await freshLearner(page, request);
  await page.goto('/');
  await page.keyboard.press('Tab'); // the skip link; the search box follows in the header
  await tabTo(page, page.getByRole('searchbox', { name: '搜索课程' }));
  await page.keyboard.type('预算');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courseSearch\?courseName=/);
  const results = page.getByRole('list', { name: '搜索结果' });
  await activate(page, results.getByRole('link', { name: '预算考核与激励机制设计' }).first());
  await expect(page.getByRole('heading', { level: 1, name: '预算考核与激励机制设计' })).toBeVisible();
  await activate(page, page.getByRole('link', { name: '考核与激励的挂钩' }));
  await expect(page).toHaveURL(/\/train\/play\/\d+\/\d+$/);
  const video = page.getByLabel('课程视频');
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await tabTo(page, video, { max: 60 });
  const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
  expect(await paused()).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(paused).toBe(false);
  await page.keyboard.press('Space');
  await expect.poll(paused).toBe(true);
});

test('a learner registers for a free exam, answers and submits the paper with the keyboard', async ({ page, request }) => {
  const account = await freshLearner(page, request);
  await page.goto('/examNotice/management-accountant-junior');
  await skipToMain(page);
  await activate(page, page.getByRole('button', { name: '立即报名' }).first());
  await expect(page).toHaveURL(/\/center\/examination$/);
  await activate(page, page.getByRole('button', { name: '开始考试' }));
  const notice = page.getByRole('dialog', { name: '考试须知' });
  await activate(page, notice.getByRole('button', { name: '已阅读，进入考试' }));
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  const attemptId = Number(new URL(page.url()).pathname.split('/').pop());

  // All but the last question answered through the API (same session); the last one by keyboard, then 交卷.
  const attempt = await ok<{ questions: { id: number; kind: string; options: { key: number; text: string }[] }[] }>(
    await request.get(`/api/exam_attempts/${attemptId}`, { headers: { token: account.token } }),
  );
  const last = [...attempt.questions].reverse().find((q) => q.kind === 'single')!;
  const rest = attempt.questions.filter((q) => q !== last);
  await ok(
    await request.put(`/api/exam_attempts/${attemptId}/answers`, {
      headers: { token: account.token },
      data: { answers: rest.map((q) => ({ question_id: q.id, answer: q.kind === 'judge' ? true : q.kind === 'fill' ? '答' : [q.options[0]!.key], flagged: false })) },
    }),
  );
  await page.reload();
  await expect(page.getByText(`已答 ${rest.length} / ${attempt.questions.length}`)).toBeVisible();
  await skipToMain(page);
  const radios = page.locator(`#q-${last.id} input[type="radio"]`);
  await tabTo(page, radios.first(), { max: 4 * attempt.questions.length + 10 });
  await page.keyboard.press('ArrowDown'); // the second option, chosen by the arrow as radios are
  await expect(radios.nth(1)).toBeChecked();
  await expect(page.getByText(`已答 ${attempt.questions.length} / ${attempt.questions.length}`)).toBeVisible();
  await activate(page, page.getByRole('button', { name: /^交\s*卷$/ }).filter({ visible: true }), { max: 3 * attempt.questions.length + 10 });
  const confirm = page.getByRole('dialog', { name: '确认交卷' });
  await expect(confirm).toBeVisible();
  // A person reads the dialog before answering it: Enter waits until the dialog has finished opening (its zoom
  // animation; a trial click only checks that the button is visible, stable and enabled, it clicks nothing).
  const submit = confirm.getByRole('button', { name: /交\s*卷/ });
  await submit.click({ trial: true });
  await activate(page, submit, { max: 6 });
  // The result replaces the paper and takes focus, so reading starts at its top.
  const result = page.locator('.exam-result');
  await expect(result).toContainText(/考试成绩：[\d.]+分|已交卷，等待阅卷/);
  await expect(result).toBeFocused();
});

test('a learner asks a Q&A question with the keyboard, the category chosen from the select by arrows', async ({ page, request }) => {
  await freshLearner(page, request);
  await page.goto('/center/quizQuestion');
  await expect(page.getByText(/本月还可提问/)).toBeVisible();
  await skipToMain(page);
  await tabTo(page, page.getByLabel('问题标题'));
  await page.keyboard.type(`年终奖如何申报个人所得税（${Date.now() % 100000}）`);
  const category = page.getByRole('combobox', { name: '问题分类' });
  await tabTo(page, category);
  await chooseByArrows(page, category, '增值税');
  await expect(page.locator('.ant-select').filter({ has: page.getByLabel('问题分类') })).toContainText('增值税');
  await tabTo(page, page.getByLabel('问题描述'));
  await page.keyboard.type('公司在一月发放上一年度年终奖，想确认申报时应选择哪种计税方式，以及需要准备哪些材料。');
  await activate(page, page.getByRole('button', { name: '提交问题' }));
  await expect(page).toHaveURL(/\/center\/quizInfo\?id=\d+/);
});

test('a job seeker finds a post on the job board and applies with the keyboard', async ({ page, request }) => {
  const account = await freshLearner(page, request);
  await ok(
    await request.post('/api/user_apply_jobs', {
      headers: { token: account.token },
      data: { name: '詹天明', sex: '男', biithday: '1990-05-01', salary: '3', show_personal_info: true, citys: '河南省:洛阳市', positions: '财务经理', industries: '制造业' },
    }),
  );
  await page.goto('/jobDetail');
  await skipToMain(page);
  await tabTo(page, page.getByRole('searchbox', { name: '搜索职位或企业' }));
  await page.keyboard.type('财务共享中心经理');
  await page.keyboard.press('Enter');
  await expect(page.locator('.rc-post-card')).toHaveCount(1);
  await activate(page, page.getByRole('link', { name: '财务共享中心经理' }).first());
  await expect(page.getByRole('heading', { name: '财务共享中心经理' })).toBeVisible();
  await activate(page, page.getByRole('button', { name: '投递简历' }));
  const dialog = page.getByRole('dialog');
  await activate(page, dialog.getByRole('button', { name: '确认投递' }), { max: 10 });
  await expect(page.getByText('投递成功')).toBeVisible();
  // The dialog closed, focus is back on the button that opened it, which now says so.
  await expect(page.getByRole('button', { name: /已投递/ })).toBeFocused();
});

test('a learner buys membership and pays in the sandbox cashier with the keyboard', async ({ page, request }) => {
  await freshLearner(page, request);
  await page.goto('/payment?type=buyVip');
  await skipToMain(page);
  await activate(page, page.getByRole('button', { name: '立即支付' }));
  await activate(page, page.getByRole('link', { name: '前往模拟收银台支付' }));
  const wallet = page.getByRole('region', { name: '模拟收银台' });
  await expect(wallet.getByText('298.00')).toBeVisible();
  await activate(page, wallet.getByRole('button', { name: /确认支付/ }));
  await expect(wallet.getByText('支付成功')).toBeVisible();
  await activate(page, wallet.getByRole('button', { name: /返回商户页面/ }));
  await expect(page.getByText('支付成功，会员已开通')).toBeVisible();
});
