import { expect, test } from './support/fixtures';
import { passwordToken, registerAccount, useToken } from './support/session';

/** Moderation: a flagged course comment reaches the 审核员's queue, is hidden with a reason, and the author is told. */

// The moderation demo 审核员 (README), used by no other spec, so this login ends no other spec's session.
const REVIEWER = { phone: '13800138031', password: 'admin_1234' };

test('a learner posts a comment with a sensitive word; the 审核员 hides it with a reason; it leaves the course page and the learner gets a message', async ({
  browser,
  page,
  request,
}) => {
  // Two sessions and four page loads on a shared machine.
  test.setTimeout(90_000);
  const learner = await registerAccount(request, 'personal');
  if (!learner) throw new Error('the accounts API is missing from this build');
  const courses = (await (await request.get('/coursepoolapi/course_pools?page=1&per=1')).json()) as {
    data: { list: { id: number }[] };
  };
  const courseUrl = `/train/detail/${courses.data.list[0]!.id}`;

  // The learner comments on the course page; the text has a word of the filter library's list.
  await useToken(page, learner.token);
  await page.goto(courseUrl);
  // The comments load when their section comes near the screen.
  await page.locator('.course-detail__comments').scrollIntoViewIfNeeded();
  const spam = `课程资料齐全，另外可以代开发票，需要的联系我 ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: '评论内容' }).fill(spam);
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByText(spam)).toBeVisible();

  // The 审核员 finds it in 待处理 with the matched word highlighted, and hides it with a reason.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await useToken(staff, await passwordToken(request, REVIEWER));
  await staff.goto('/admin/moderation');
  await expect(staff.getByRole('tab', { name: /待处理/ })).toHaveAttribute('aria-selected', 'true');
  await staff.getByText('课程评论', { exact: true }).first().click();
  const row = staff.getByRole('row', { name: new RegExp(spam.slice(-5)) });
  await expect(row.locator('mark', { hasText: '代开发票' })).toBeVisible();
  await expect(row.getByText('自动识别')).toBeVisible();
  await row.getByRole('button', { name: /隐\s?藏/ }).click();
  const dialog = staff.getByRole('dialog', { name: '隐藏内容' });
  await dialog.getByRole('button', { name: '隐藏并通知作者' }).click();
  await expect(dialog.getByText('请填写隐藏原因')).toBeVisible();
  await dialog.getByText('发布广告信息', { exact: true }).click();
  await dialog.getByRole('button', { name: '隐藏并通知作者' }).click();
  await expect(staff.getByText('已隐藏，已通知作者')).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(spam.slice(-5)) })).toHaveCount(0);
  await staff.getByRole('tab', { name: /已隐藏/ }).click();
  await expect(staff.getByRole('row', { name: new RegExp(spam.slice(-5)) }).getByText('原因：发布广告信息')).toBeVisible();
  await context.close();

  // The comment is gone from the course page, and the learner's message centre says why.
  await page.goto(courseUrl);
  await page.locator('.course-detail__comments').scrollIntoViewIfNeeded();
  await expect(page.locator('.comment-section__count')).toBeVisible();
  await expect(page.getByText(spam)).toHaveCount(0);
  await page.goto('/center/message');
  const notice = page.getByText('您发布的内容已被隐藏').first();
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page.getByText(/原因：发布广告信息/).first()).toBeVisible();
});
