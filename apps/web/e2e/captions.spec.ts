import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { data } from './support/learning';
import { passwordToken, useToken } from './support/session';

// Captions on video lessons: the demo lesson's Chinese captions show at their time, the transcript beside the video
// follows and seeks the video, and course authoring names the line of a bad subtitle file.
const LEARNER = { phone: '13800138000', password: 'demo_1234' };
const MANAGER = { phone: '13800138017', password: 'admin_1234' };
const COURSE = '企业会计准则体系概览';
const LESSON = '准则体系的层级结构';

async function demoLesson(request: APIRequestContext) {
  const list = await data<{ list: { id: number; title: string }[] }>(
    await request.get('/coursepoolapi/course_pools', { params: { page: 1, per: 50, keyword: COURSE } }),
  );
  const courseId = list.list.find((c) => c.title === COURSE)!.id;
  const course = await data<{ lessons: { id: number; title: string }[] }>(
    await request.get('/coursepoolapi/course_pools/tower_show_course', { params: { id: courseId } }),
  );
  return { courseId, lessonId: course.lessons.find((l) => l.title === LESSON)!.id };
}

test('shows a caption cue at its time, highlights its transcript line, and a transcript line seeks the video', async ({ page, request }) => {
  const { courseId, lessonId } = await demoLesson(request);
  await useToken(page, await passwordToken(request, LEARNER));
  await page.goto(`/train/play/${courseId}/${lessonId}`);

  await expect(page.getByRole('tab', { name: '文稿' })).toHaveAttribute('aria-selected', 'true');
  const captions = page.getByRole('button', { name: '显示字幕' });
  await expect(captions).toHaveAttribute('aria-pressed', 'true');
  // The track's cues are loaded once the video knows its length.
  await page.waitForFunction(() => {
    const v = document.querySelector('video')!;
    return v.readyState >= 1 && (v.textTracks[0]?.cues?.length ?? 0) > 4;
  });
  const cue = await page.evaluate(() => {
    const c = document.querySelector('video')!.textTracks[0]!.cues![3] as VTTCue;
    return { start: c.startTime, text: c.text };
  });

  await page.evaluate((t) => (document.querySelector('video')!.currentTime = t), cue.start + 0.3);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const track = document.querySelector('video')!.textTracks[0]!;
        return { mode: track.mode, active: Array.from(track.activeCues ?? [], (c) => (c as VTTCue).text) };
      }),
    )
    .toEqual({ mode: 'showing', active: [cue.text] });
  await expect(page.locator('.transcript__line[aria-current="true"]')).toContainText(cue.text);

  // A transcript line seeks the video to the line's start.
  const target = page.getByRole('button', { name: /本讲就到这里/ });
  const start = await page.evaluate(() => {
    const cues = Array.from(document.querySelector('video')!.textTracks[0]!.cues!) as VTTCue[];
    return cues.find((c) => c.text.startsWith('本讲就到这里'))!.startTime;
  });
  await target.click();
  await expect.poll(() => page.evaluate(() => document.querySelector('video')!.currentTime)).toBeCloseTo(start, 1);
  await expect(target).toHaveAttribute('aria-current', 'true');

  // The search narrows the transcript to the lines with the words.
  await page.getByRole('searchbox', { name: '搜索文稿' }).fill('基本准则');
  await expect(page.locator('.transcript__line mark').first()).toHaveText('基本准则');
  await expect(page.locator('.transcript__line')).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: /本讲就到这里/ })).toHaveCount(0);

  // Captions turned off stay off in this browser.
  await captions.click();
  await expect(captions).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: '显示字幕' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => page.evaluate(() => document.querySelector('video')!.textTracks[0]?.mode)).toBe('hidden');
});

test('course authoring shows the line of a malformed subtitle file', async ({ page, request }) => {
  const { courseId } = await demoLesson(request);
  await useToken(page, await passwordToken(request, MANAGER));
  // The staff editor's id of the course is the catalogue's id.
  await page.goto(`/admin/courses/${courseId}`);
  await page.getByRole('tab', { name: '课时' }).click();
  await expect(page.getByText(`第1讲 ${LESSON}.vtt`)).toBeVisible();
  await page.getByLabel(`上传「${LESSON}」的字幕`).setInputFiles({
    name: 'bad.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n开场\n\n00:00:04 --> 00:00:08.000\n时间写错了\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: '字幕文件' })).toHaveText('字幕文件第 6 行：时间格式不正确');
  await expect(page.getByText(`第1讲 ${LESSON}.vtt`)).toBeVisible();
});
