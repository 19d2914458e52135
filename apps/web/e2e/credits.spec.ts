import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { pdfFixture } from '../../server/src/testing/pdfs';
import { pickSelect } from './support/antd-fields';
import { expect, test, waitingForClient } from './support/fixtures';
import { data, finishCourses } from './support/learning';
import { registerAccount, useToken } from './support/session';

/**
 * Continuing-education credits end to end: a member finishes two courses (the player's reports), files an exam
 * conversion with its evidence, staff approve it, the year turns 达标, the member issues the 学时证明, downloads the
 * PDF (rendered to look at) and its public check page says it is valid.
 */

const SHOTS = '/tmp/credits-shots';
const STAFF = { phone: '13800138009', password: 'admin_1234' };
const WIDE = { width: 1366, height: 900 };
const COURSES = ['增值税基础与税率全解析', '小型微利企业税收优惠'];

test('a member earns a year of credits from two courses and an approved conversion, then downloads and checks the 学时证明', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const member = await registerAccount(request, 'personal');
  if (!member) throw new Error('the accounts API is missing from this build');
  // A 学时证明 names its holder by the real name of the talent portrait.
  await data(await request.put('/api/user_infos/personal_info', { headers: { token: member.token }, data: { real_name: '周敏' } }));
  await finishCourses(request, member.token, COURSES);

  const context = await browser.newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
  const page = waitingForClient(await context.newPage());
  await useToken(page, member.token);
  await page.goto('/center/credit-archive');
  const panel = page.getByRole('region', { name: '学分明细' });
  for (const title of COURSES) await expect(panel.getByText(title)).toBeVisible();
  await expect(page.getByText('未达标').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/year-before.png`, fullPage: true });

  // The conversion: a qualification exam subject passed this year, with its score report.
  const conversions = page.getByRole('region', { name: '学分折算' });
  await conversions.getByRole('button', { name: '申请学分折算' }).click();
  const form = page.getByRole('dialog', { name: '申请学分折算' });
  await pickSelect(page, form.getByLabel('折算项目'), '通过会计资格考试', { exact: false });
  const title = `中级会计资格考试《财务管理》科目${Date.now() % 10000}`;
  await form.getByLabel('活动名称').fill(title);
  await form.getByLabel('活动日期').fill(`${new Date().getFullYear()}-09-07`);
  await form.getByLabel('活动日期').press('Enter');
  await form.locator('input[type=file]').setInputFiles({ name: '成绩通知单.pdf', mimeType: 'application/pdf', buffer: pdfFixture(3) });
  await page.screenshot({ path: `${SHOTS}/conversion-form.png` });
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('折算申请已提交，请等待审核')).toBeVisible();
  await expect(conversions.getByText(title)).toBeVisible();
  await expect(conversions.getByText('待审核')).toBeVisible();

  // Staff approve it.
  const staffToken = (await data<{ token: string }>(await request.post('/api/users/account_login', { data: STAFF }))).token;
  const staffContext = await browser.newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const s = waitingForClient(await staffContext.newPage());
  await useToken(s, staffToken);
  await s.goto('/admin/credits/conversions');
  await s.getByRole('row').filter({ hasText: title }).getByRole('button', { name: '审核' }).click();
  const drawer = s.getByRole('dialog', { name: `学分折算：${title}` });
  await expect(drawer.getByText('专业科目 90 学分')).toBeVisible();
  await s.screenshot({ path: `${SHOTS}/admin-review.png` });
  await drawer.getByRole('button', { name: '提交审核' }).click();
  await expect(s.getByText('已通过，学分已计入')).toBeVisible();

  // The member's year is 达标; the 学时证明 is issued and downloaded.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '本年度学分已达标' })).toBeVisible();
  await page.getByRole('button', { name: '出具学时证明' }).click();
  await expect(page.getByText('学时证明已出具')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/year-met.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载学时证明（PDF）' }).click();
  const pdfPath = `${SHOTS}/certificate.pdf`;
  await (await downloading).saveAs(pdfPath);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, `${SHOTS}/certificate`]);
  const credentialDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载电子凭证' }).click();
  await (await credentialDownload).saveAs(`${SHOTS}/credential.json`);

  // The public check page, opened without an account, says it holds.
  const number = (await data<{ number: string; state: string }[]>(await request.get('/api/credits/certificates', { headers: { token: member.token } })))[0]!.number;
  const visitor = waitingForClient(await (await browser.newContext({ viewport: WIDE, locale: 'zh-CN' })).newPage());
  await visitor.goto(`/creditCertificate/${number}`);
  await expect(visitor.getByRole('status')).toHaveText('该证明有效');
  await expect(visitor.getByText('周*')).toBeVisible();
  await expect(visitor.getByText(title)).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}/check-page.png`, fullPage: true });
});
