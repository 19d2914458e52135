import { mkdirSync } from 'node:fs';
import { expectFitsPhone, PHONE } from './support/phone-width';
import { pickSelect } from './support/antd-fields';
import { expect, test, waitingForClient } from './support/fixtures';
import { data, finishCourses } from './support/learning';
import { passwordToken, registerAccount, useToken } from './support/session';

/**
 * Company training end to end: the demo company invites two learners, buys two 学员卡 through the sandbox cashier,
 * hands them out and assigns a course with a deadline; one learner finishes it; the dashboard shows one done and one
 * behind, and its Excel export downloads.
 */

const SHOTS = '/tmp/training-shots';
const COMPANY = { phone: '13800138002', password: 'demo_1234' };
const WIDE = { width: 1366, height: 900 };
const COURSE = '小型微利企业税收优惠';

test('a company invites two learners, buys two seats, assigns a course; one finishes and the dashboard shows one done, one behind', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const [first, second] = [await registerAccount(request, 'personal'), await registerAccount(request, 'personal')];
  if (!first || !second) throw new Error('the accounts API is missing from this build');
  await data(await request.put('/api/user_infos/personal_info', { headers: { token: first.token }, data: { real_name: '许文静' } }));
  await data(await request.put('/api/user_infos/personal_info', { headers: { token: second.token }, data: { real_name: '高志远' } }));

  const context = await browser.newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
  const page = waitingForClient(await context.newPage());
  const companyToken = await passwordToken(request, COMPANY);
  await useToken(page, companyToken);

  // 员工管理: invite both by phone.
  await page.goto('/center/training/employees');
  for (const person of [first, second]) {
    await page.getByLabel('员工手机号').fill(person.phone);
    await page.getByRole('button', { name: '发送邀请' }).click();
    await expect(page.getByText(`${person.phone.slice(0, 3)}****${person.phone.slice(-4)}`).first()).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/employees-invited.png`, fullPage: true });

  // Each accepts in 我的单位 (the first on a phone).
  const phone = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const learner = waitingForClient(await phone.newPage());
  await useToken(learner, first.token);
  await learner.goto('/center/my-company');
  await learner.getByRole('button', { name: /接受/ }).first().click();
  await expect(learner.getByText(/已加入单位|加入时间|所在单位/).first()).toBeVisible();
  await expectFitsPhone(learner);
  await learner.screenshot({ path: `${SHOTS}/learner-joined-390.png`, fullPage: true });
  const mine = await data<{ invitations: { id: number }[] }>(await request.get('/api/my_company', { headers: { token: second.token } }));
  await data(await request.post(`/api/my_company/invitations/${mine.invitations[0]!.id}/accept`, { headers: { token: second.token } }));

  // 学员卡: buy two through the sandbox cashier.
  await page.goto('/center/training/seats');
  await page.getByLabel('购买数量（张）').fill('2');
  await page.getByRole('button', { name: '去支付' }).click();
  await expect(page).toHaveURL(/\/payment\?order_no=\w+/);
  await page.getByRole('link', { name: '前往模拟收银台支付' }).click();
  const wallet = page.getByRole('region', { name: '模拟收银台' });
  await expect(wallet.getByText('720.00')).toBeVisible();
  await wallet.getByRole('button', { name: /确认支付/ }).click();
  await expect(wallet.getByText('支付成功')).toBeVisible();
  await wallet.getByRole('button', { name: /返回商户页面/ }).click();
  await expect(page.getByText('支付成功，学员卡已到账')).toBeVisible();
  await page.getByRole('link', { name: '去分配学员卡' }).click();
  await expect(page).toHaveURL(/\/center\/training\/seats$/);

  // Hand the two new seats to the two new employees.
  await page.getByRole('button', { name: /^分配学员卡（可分配/ }).click();
  const assignSeats = page.getByRole('dialog', { name: '分配学员卡' });
  const picker = assignSeats.getByLabel('选择员工');
  for (const name of ['许文静', '高志远']) await pickSelect(page, picker, name, { multiple: true, search: true, exact: false });
  await assignSeats.getByRole('button', { name: /分\s*配|确\s*定/ }).last().click();
  await expect(page.getByText('已分配2张学员卡')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seats.png`, fullPage: true });

  // 课程指派: the course for the two of them, due in a month or so.
  await page.goto('/center/training/assignments');
  await page.getByRole('button', { name: '指派课程' }).click();
  const dialog = page.getByRole('dialog', { name: '指派课程' });
  await pickSelect(page, dialog.getByLabel('选择课程'), COURSE, { search: true, exact: false });
  await dialog.getByRole('radio', { name: '指定员工' }).check();
  const people = dialog.getByLabel('选择员工');
  for (const name of ['许文静', '高志远']) await pickSelect(page, people, name, { multiple: true, search: true, exact: false });
  await dialog.getByLabel('截止日期').click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-in-view:not(.ant-picker-cell-disabled)').nth(10).click();
  await dialog.getByRole('button', { name: /指\s*派/ }).last().click();
  await expect(page.getByText('已指派给2名员工')).toBeVisible();

  // One learner finishes the course; it shows first among their courses as done.
  await finishCourses(request, first.token, [COURSE]);
  const after = await data<{ assignments: { course_title: string; status: string }[] }>(
    await request.get('/api/my_company', { headers: { token: first.token } }),
  );
  expect(after.assignments.find((a) => a.course_title === COURSE)?.status).toBe('done');

  // 培训概览: one done, one behind; the export downloads.
  await page.goto(`/center/training?keyword=${encodeURIComponent('许文静')}`);
  await expect(page.getByText('许文静').first()).toBeVisible();
  const done = await data<{ list: { name: string; assigned: { total: number; done: number } }[] }>(
    await request.get('/api/company_training/employees', { headers: { token: companyToken }, params: { keyword: '许文静' } }),
  );
  expect(done.list[0]?.assigned).toMatchObject({ done: 1 });
  const behind = await data<{ list: { name: string; assigned: { total: number; done: number } }[] }>(
    await request.get('/api/company_training/employees', { headers: { token: companyToken }, params: { keyword: '高志远' } }),
  );
  expect(behind.list[0]?.assigned.done).toBe(0);
  expect(behind.list[0]?.assigned.total).toBeGreaterThan(0);
  // The course's own line: one of the two done.
  await page.goto('/center/training/assignments');
  await expect(page.getByLabel('已完成1人，共2人').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/assignments.png`, fullPage: true });
  await page.goto('/center/training?filter=unfinished');
  await expect(page.getByText('高志远').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-behind.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出Excel/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await file.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await context.close();
  await phone.close();
});
