import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { loginAs, pageWithToken, passwordToken, useToken } from './support/session';

/** Course authoring: a course manager builds a course from uploaded videos, a learner plays it as HLS, an administrator audits. */

// The course manager's and the console's own administrator's demo accounts (README): no other spec signs in with them.
const MANAGER = { phone: '13800138017', password: 'admin_1234' };
const ADMIN = { phone: '13800138005', password: 'admin_1234' };

/** A short clip and a cover image made here with Debian's ffmpeg (nothing downloaded). */
function makeMedia() {
  const dir = mkdtempSync(path.join(tmpdir(), 'course-authoring-'));
  const clip = (name: string, hz: number) => {
    const file = path.join(dir, name);
    execFileSync('/usr/bin/ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=6',
      '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=6`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    return file;
  };
  const cover = path.join(dir, 'cover.png');
  execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1d4ed8:s=640x360', '-frames:v', '1', cover]);
  return { first: clip('第一讲.mp4', 440), second: clip('第二讲.mp4', 660), cover };
}

test('a course manager creates a course with two lessons from uploaded videos and publishes it; a learner plays it as HLS; an administrator sees both actions in the audit log', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const media = makeMedia();
  const title = `现金流管理实战 ${Date.now() % 100000}`;

  // The course manager: 基本信息.
  await useToken(page, await passwordToken(request, MANAGER));
  await page.goto('/admin/courses');
  await page.getByRole('button', { name: '新建课程' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/new$/);
  await page.getByRole('button', { name: /创\s*建课程/ }).click();
  await expect(page.getByText('请输入课程名称')).toBeVisible();
  await page.getByLabel('课程名称').fill(title);
  await page.getByLabel('课程简介').fill('从现金流量表出发，讲清楚企业资金预算、回款与付款节奏的管理方法。');
  await page.locator('input[type=file][accept^="image/"]').setInputFiles(media.cover);
  await expect(page.getByRole('img', { name: '课程封面' })).toBeVisible();
  await page.getByLabel('讲师').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  // The teachers' dropdown must be gone before the tags' opens: while it fades out it still matches the locator below.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await page.getByLabel('课程标签').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /创\s*建课程/ }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  const courseId = Number(/\/admin\/courses\/(\d+)$/.exec(page.url())![1]);

  // 课时: two lessons, each with an uploaded video, transcoded in the background.
  await page.getByRole('tab', { name: '课时' }).click();
  for (const [lesson, file] of [
    ['第一讲 现金流量表的三张面孔', media.first],
    ['第二讲 资金预算与回款管理', media.second],
  ] as const) {
    await page.getByLabel('新课时名称').fill(lesson);
    await page.getByRole('button', { name: /添加课时/ }).click();
    await page.getByLabel(`上传「${lesson}」的视频`).setInputFiles(file);
    await expect(page.getByText('视频已上传，正在排队转码')).toBeVisible({ timeout: 30_000 });
  }
  // The lesson list polls the jobs while they run; both videos become ready.
  await expect(page.getByText('视频已就绪')).toHaveCount(2, { timeout: 150_000 });
  await page.getByRole('button', { name: '发布课程' }).click();
  await expect(page.getByText('课程已发布').first()).toBeVisible();

  // A learner finds it in /train and plays the first lesson as HLS; the played time is credited.
  const student = await browser.newContext();
  const lp = await student.newPage();
  await loginAs(lp, request, 'personal');
  await lp.goto(`/courseSearch?courseName=${encodeURIComponent(title)}`);
  await lp.getByRole('link', { name: title }).first().click();
  await expect(lp).toHaveURL(new RegExp(`/train/detail/${courseId}$`));
  await lp.getByRole('link', { name: '第一讲 现金流量表的三张面孔' }).click();
  await expect(lp).toHaveURL(new RegExp(`/train/play/${courseId}/\\d+$`));
  const playlist = lp.waitForResponse((r) => /\/media\/hls\/[0-9a-f]{32}\/master\.m3u8\?exp=/.test(r.url()) && r.status() === 200);
  const segment = lp.waitForResponse((r) => /\/media\/hls\/[0-9a-f]{32}\/v\d\/seg\d+\.ts\?exp=/.test(r.url()) && r.ok());
  await lp.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await playlist;
  await segment;
  const credited = lp.waitForResponse((r) => {
    if (!r.url().includes('/watch_create')) return false;
    const body = r.request().postDataJSON() as { state?: string } | null;
    return body?.state === 'paused';
  });
  await lp.evaluate(async () => {
    const v = document.querySelector('video')!;
    v.muted = true;
    await v.play();
  });
  await lp.waitForTimeout(3_000);
  await lp.evaluate(() => document.querySelector('video')!.pause());
  const report = (await (await credited).json()) as { data: { watched_seconds: number } };
  expect(report.data.watched_seconds).toBeGreaterThan(0);
  await student.close();

  // The administrator sees the creation and the publication in the audit log.
  const admin = await pageWithToken(browser, await passwordToken(request, ADMIN));
  await admin.page.goto('/admin/audit');
  await admin.page.getByLabel('操作人手机号').fill(MANAGER.phone);
  // 对象类型 is a searchable list of Chinese record kinds: typing 课程 and Enter picks 课程 (course), the first match.
  await admin.page.getByLabel('对象类型').fill('课程');
  await admin.page.getByLabel('对象类型').press('Enter');
  await admin.page.getByLabel('对象编号').fill(String(courseId));
  await admin.page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(admin.page.getByRole('row', { name: /新建课程/ })).toContainText(MANAGER.phone);
  await expect(admin.page.getByRole('row', { name: /发布课程/ })).toContainText(MANAGER.phone);
  await admin.context.close();
});
