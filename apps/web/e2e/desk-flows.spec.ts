import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fillDate, pickCascader, pickSelect } from './support/antd-fields';
import { registerAccount, useToken } from './support/session';

/**
 * Five flows that used to dead-end or mislead at a desk, each finished as a user would: applying for a job without a
 * job intention, a passed exam, the company's centre, asking a chosen expert, Escape in the job-post editor.
 */

const SHOTS = '/tmp/desk-flows-shots';
const WIDE = { width: 1366, height: 900 };
const COMPANY = { phone: '13800138002', password: 'demo_1234' };
const GRADER = { phone: '13800138007', password: 'admin_1234' };
const EXPERT = { phone: '13700137001', password: 'demo_1234' };
const JUNIOR = 'management-accountant-junior';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

async function tokenOf(request: APIRequestContext, account: { phone: string; password: string }): Promise<string> {
  return (await ok<{ token: string }>(await request.post('/api/users/account_login', { data: account }))).token;
}

async function freshPersonal(page: Page, request: APIRequestContext): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);
  return account.token;
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
test.beforeEach(async ({ page }) => page.setViewportSize(WIDE));

test('a person without a job intention is told so before confirming, writes it in place and then applies', async ({ page, request }) => {
  test.setTimeout(120_000);
  await freshPersonal(page, request);
  const board = await ok<{ list: { id: number; title: string }[] }>(await request.get('/api/job_board', { params: { page: 1, per: 1 } }));
  const post = board.list[0]!;

  await page.goto(`/jobDetail/jinfo?id=${post.id}`);
  await page.getByRole('button', { name: '投递简历' }).click();
  const apply = page.getByRole('dialog', { name: `投递职位：${post.title}` });
  await expect(apply.getByText('投递前请先填写求职意向。')).toBeVisible();
  await expect(apply.getByRole('button', { name: '确认投递' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/apply-needs-intention.png` });

  await apply.getByRole('button', { name: '填写求职意向' }).click();
  const intention = page.getByRole('dialog', { name: '求职意向' });
  await intention.getByLabel('姓名').fill('周晓岚');
  await intention.getByRole('radio', { name: '女' }).check();
  await intention.getByLabel('出生日期').click();
  await fillDate(page, intention.getByLabel('出生日期'), '1992-03-18');
  await pickSelect(page, intention.getByLabel('薪资要求'), '9000-15999元');
  await pickCascader(page, intention.getByLabel('期望地区'), '河南省', ['郑州市']);
  await pickSelect(page, intention.getByLabel('期望行业'), '金融业', { multiple: true });
  await pickCascader(page, intention.getByLabel('期望职位'), '会计核算', ['总账会计']);
  await intention.getByRole('button', { name: /发\s*布/ }).click();
  await expect(intention).toBeHidden();

  // The application dialog moves on by itself: the portrait and the optional PDF, and the confirmation is live.
  await expect(apply.getByText(/将以您的人才画像作为简历投递/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/apply-ready.png` });
  await apply.getByRole('button', { name: '确认投递' }).click();
  await expect(page.getByText('投递成功')).toBeVisible();
  await expect(page.getByRole('button', { name: '已投递' })).toBeVisible();
});

test('a passed exam offers no retake, and the certificate sits beside the attempt that earned it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await freshPersonal(page, request);
  const headers = { token };
  const grader = await tokenOf(request, GRADER);
  const types = await ok<{ id: number; type_name: string }[]>(await request.get('/api/exam_types'));
  const typeId = types.find((t) => t.type_name === JUNIOR)!.id;
  const bank = new Map(
    (
      await ok<{ list: { id: number; kind: string; answer: number[] | boolean | string[] }[] }>(
        await request.get('/api/admin/exam_questions', { params: { type_id: typeId, per_page: 100 }, headers: { token: grader } }),
      )
    ).list.map((q) => [q.id, q]),
  );
  const notice = await ok<{ sessions: { id: number; phase: string; max_attempts: number }[] }>(
    await request.get(`/api/exam_types/${JUNIOR}`),
  );
  // The open session allows two attempts: the second must not be offered once the first has passed.
  const session = notice.sessions.find((s) => s.phase === 'exam_open' && s.max_attempts > 1)!;
  const reg = await ok<{ id: number }>(await request.post('/api/exam_registrations', { headers, data: { session_id: session.id } }));
  const attempt = await ok<{ id: number; questions: { id: number }[] }>(
    await request.post(`/api/exam_registrations/${reg.id}/attempts`, { headers }),
  );
  const right = (id: number) => {
    const q = bank.get(id)!;
    return q.kind === 'fill' ? (q.answer as string[])[0]! : (q.answer as number[] | boolean);
  };
  await ok(
    await request.put(`/api/exam_attempts/${attempt.id}/answers`, {
      headers,
      data: { answers: attempt.questions.map((q) => ({ question_id: q.id, answer: right(q.id), flagged: false })) },
    }),
  );
  expect((await ok<{ passed: boolean }>(await request.post(`/api/exam_attempts/${attempt.id}/submit`, { headers }))).passed).toBe(true);

  await page.goto('/center/examination');
  await page.getByRole('tab', { name: /已结束/ }).click();
  const row = page.getByRole('row').filter({ hasText: '管理会计师（初级）' });
  await expect(row.getByText('已合格')).toBeVisible();
  await expect(row.getByRole('button', { name: /再次考试|开始考试/ })).toHaveCount(0);
  const line = row.getByRole('list', { name: '各次作答成绩' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('第1次');
  await expect(line).toContainText('合格');
  await expect(line.getByRole('button', { name: '下载证书' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/exam-passed.png` });
  // The server refuses the retake too.
  const again = await request.post(`/api/exam_registrations/${reg.id}/attempts`, { headers });
  expect(((await again.json()) as { code: number }).code).toBe(409);
});

test("a company's centre shows its recruiting figures, not a learner's statistics or 求职意向", async ({ page, request }) => {
  await useToken(page, await tokenOf(request, COMPANY));
  await page.goto('/center/recruitment');
  const banner = page.getByRole('region', { name: '企业概况' });
  await expect(banner).toBeVisible();
  for (const label of ['在招职位', '收到的简历', '面试中', '人才库']) await expect(banner.getByText(label)).toBeVisible();
  await expect(page.getByText('累计学习时长')).toHaveCount(0);
  await expect(page.getByText('已完成课程')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '求职意向' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/company-centre.png` });
  await banner.getByRole('link', { name: /人才库/ }).click();
  await expect(page).toHaveURL(/\/center\/talent-pool$/);
});

test("asking from an expert's page addresses the question to that expert, who finds it as theirs", async ({ page, request }) => {
  test.setTimeout(90_000);
  const expertToken = await tokenOf(request, EXPERT);
  const me = await ok<{ expert: { id: number; name: string } }>(await request.get('/api/quiz/expert/me', { headers: { token: expertToken } }));
  await freshPersonal(page, request);
  await page.goto(`/expertDatabase/${me.expert.id}`);
  await page.getByRole('link', { name: `向${me.expert.name}提问` }).click();
  await expect(page).toHaveURL(new RegExp(`/center/quizQuestion\\?expert=${me.expert.id}$`));
  await expect(page.getByText(`您的问题将优先交由 ${me.expert.name}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ask-expert.png` });

  const title = `小规模纳税人季度销售额未超30万免征增值税如何申报${Date.now() % 10000}`;
  await page.getByLabel('问题标题').fill(title);
  await pickSelect(page, page.getByLabel('问题分类'), '增值税');
  await page.getByLabel('问题描述').fill('我们是小规模纳税人，本季度开具普通发票销售额25万元，申报表中免税销售额应填在哪一栏？');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page).toHaveURL(/\/center\/quizInfo/);

  const mine = await ok<{ list: { title: string }[] }>(
    await request.get('/api/quiz/expert/queue', { params: { scope: 'mine', page: 1, per: 50 }, headers: { token: expertToken } }),
  );
  expect(mine.list.map((q) => q.title)).toContain(title);
});

test('Escape in a field of the job-post editor does not ask to leave anything', async ({ page, request }) => {
  await useToken(page, await tokenOf(request, COMPANY));
  await page.goto('/center/recruitment/postEdit');
  const title = page.getByLabel('职位名称');
  await title.fill('成本会计');
  await title.press('Escape');
  await page.waitForTimeout(500);
  await expect(page.getByText('离开将不会保存修改')).toHaveCount(0);
  await expect(title).toHaveValue('成本会计');
});
