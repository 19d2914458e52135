import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '@/shared/hooks/use-is-phone';
import { makeCourseDetail, makeLesson } from '@/features/courses/testing/course-fixtures';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';

const SLOW = { timeout: 25_000 };
const base = {
  'GET /api/problems': ok(makeProblemGroups()),
  'GET /api/common_data': ok(makeCommonData()),
};

const lessonDetail = {
  id: 101,
  course_id: 11,
  course_title: '全面预算管理实务',
  title: '预算编制的起点',
  sort: 1,
  duration: 600,
  is_trial: true,
  video_url: '/media/lesson-101.mp4?sig=x',
  subtitles: [],
  questions: [],
  progress: { position: 125, max_position: 125, watched_seconds: 120, percent: 20, finished: false },
  prev_lesson_id: null,
  next_lesson_id: 102,
  max_playback_rate: 2,
  presence: { due_at: '2025-05-01T08:15:00.000Z', due_in: 900, nonce: null, answer_in: null, paused: false },
};

/** A phone-width screen for useIsPhone (the site's one breakpoint); every other query keeps jsdom's answer. */
function onPhone() {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: query === PHONE_MEDIA_QUERY }));
}

afterEach(() => vi.restoreAllMocks());

describe('/train/play', () => {
  it('shows its own purchase prompt for a members-only lesson and no error notice', { timeout: 30_000 }, async () => {
    mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(
        makeCourseDetail({
          id: 11,
          price_type: 'member',
          lessons: [makeLesson({ id: 101, can_watch: true }), makeLesson({ id: 102, sort: 2, is_trial: false, can_watch: false })],
          mine: { liked: false, favorited: false, has_access: false, started: false, finished: false, finished_lessons: 0, last_lesson_id: null },
        }),
      ),
      'GET /coursepoolapi/course_pools/tower_show_lesson': { code: 403, message: '请购买学员卡', data: null },
    });
    renderRoute('/train/play/11/102', { session: { token: 't1', user: makeUser({ is_member: false }) } });
    expect(await screen.findByText('本课程为会员专享课程', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /开通会员/ })).toBeInTheDocument();
    expect(screen.queryByText('请购买学员卡')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });

  it('plays a lesson the learner may watch, from the saved position', { timeout: 30_000 }, async () => {
    mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 11 })),
      'GET /coursepoolapi/course_pools/tower_show_lesson': ok({
        id: 101,
        course_id: 11,
        course_title: '全面预算管理实务',
        title: '预算编制的起点',
        sort: 1,
        duration: 600,
        is_trial: true,
        video_url: '/media/lesson-101.mp4?sig=x',
        subtitles: [],
        questions: [],
        progress: { position: 125, max_position: 125, watched_seconds: 120, percent: 20, finished: false },
        prev_lesson_id: null,
        next_lesson_id: 102,
        max_playback_rate: 2,
        presence: { due_at: '2025-05-01T08:15:00.000Z', due_in: 900, nonce: null, answer_in: null, paused: false },
      }),
    });
    renderRoute('/train/play/11/101', { session: { token: 't1', user: makeUser() } });
    expect(await screen.findByRole('heading', { name: /预算编制的起点/ }, SLOW)).toBeInTheDocument();
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/lesson-101.mp4?sig=x');
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(125);
    expect(screen.getByRole('button', { name: /下一课时/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /x$/ }).map((b) => b.textContent)).toEqual(['0.75x', '1x', '1.25x', '1.5x', '2x']);
  });

  it('on a phone puts the catalogue, notes, questions and comments in tabs under an inline video', { timeout: 30_000 }, async () => {
    onPhone();
    mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 11 })),
      'GET /coursepoolapi/course_pools/tower_show_lesson': ok(lessonDetail),
    });
    renderRoute('/train/play/11/101', { session: { token: 't1', user: makeUser() } });
    expect(await screen.findByRole('heading', { name: /预算编制的起点/ }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['课程目录', '笔记', '课后习题', '评论']);
    expect(screen.getByRole('tab', { name: '课程目录' })).toHaveAttribute('aria-selected', 'true');
    // The desk's side panel and question card are not drawn.
    expect(document.querySelector('.play-page__side')).toBeNull();
    expect(screen.queryByRole('heading', { name: '课后练习' })).toBeNull();
    const video = document.querySelector('video')!;
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('webkit-playsinline')).toBe('true');
    expect(video.getAttribute('x5-playsinline')).toBe('true');
    expect(video.getAttribute('x5-video-player-type')).toBe('h5-page');
    expect(video.hasAttribute('x5-video-player-fullscreen')).toBe(false);
    expect(screen.getByRole('button', { name: /全屏/ })).toBeInTheDocument();
  });

  it('on a desk keeps the side panel with notes and the catalogue and the questions under the video', { timeout: 30_000 }, async () => {
    mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 11 })),
      'GET /coursepoolapi/course_pools/tower_show_lesson': ok(lessonDetail),
    });
    renderRoute('/train/play/11/101', { session: { token: 't1', user: makeUser() } });
    expect(await screen.findByRole('heading', { name: /预算编制的起点/ }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['笔记', expect.stringMatching(/^目录/)]);
    expect(screen.getByRole('heading', { name: '课后练习' })).toBeInTheDocument();
  });

  it('opens the transcript beside a captioned video, with a 字幕 switch, and seeks from a transcript line', { timeout: 30_000 }, async () => {
    const url = '/media/subtitles/101-zh-CN.vtt?exp=1&sig=s';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n各位学员好\n\n00:00:05.000 --> 00:00:09.000\n预算编制从战略出发\n'),
    );
    mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 11 })),
      'GET /coursepoolapi/course_pools/tower_show_lesson': ok({ ...lessonDetail, subtitles: [{ lang: 'zh-CN', label: '中文', url }] }),
    });
    renderRoute('/train/play/11/101', { session: { token: 't1', user: makeUser() } });
    expect(await screen.findByRole('heading', { name: /预算编制的起点/ }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['文稿', '笔记', expect.stringMatching(/^目录/)]);
    expect(screen.getByRole('tab', { name: '文稿' })).toHaveAttribute('aria-selected', 'true');
    const track = document.querySelector('video track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', url);
    expect(track).toHaveAttribute('srclang', 'zh-CN');
    expect(screen.getByRole('button', { name: '显示字幕' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(await screen.findByRole('button', { name: /预算编制从战略出发/ }));
    expect(document.querySelector('video')!.currentTime).toBe(5);
    expect(globalThis.fetch).toHaveBeenCalledWith(url, expect.anything());
    // Turning captions off is remembered by the browser.
    fireEvent.click(screen.getByRole('button', { name: '显示字幕' }));
    expect(screen.getByRole('button', { name: '显示字幕' })).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('lesson-captions')).toBe('off');
    localStorage.removeItem('lesson-captions');
  });

  it('offers no speed above the course’s fastest rate', { timeout: 30_000 }, async () => {
    mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 11 })),
      'GET /coursepoolapi/course_pools/tower_show_lesson': ok({ ...lessonDetail, max_playback_rate: 1.25 }),
    });
    renderRoute('/train/play/11/101', { session: { token: 't1', user: makeUser() } });
    expect(await screen.findByRole('heading', { name: /预算编制的起点/ }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /x$/ }).map((b) => b.textContent)).toEqual(['0.75x', '1x', '1.25x']);
  });

  it('asks for the presence check when it falls due and answers it with the server’s nonce', { timeout: 30_000 }, async () => {
    const open = { due_at: '2025-05-01T08:15:00.000Z', due_in: 0, nonce: 'n-1', answer_in: 60, paused: false };
    const next = { due_at: '2025-05-01T08:30:00.000Z', due_in: 900, nonce: null, answer_in: null, paused: false };
    let confirmed = false;
    const report = { credited_seconds: 0, watched_seconds: 120, percent: 20, lesson_finished: false, course_finished: false };
    const { calls } = mockApi({
      ...base,
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 11 })),
      'GET /coursepoolapi/course_pools/tower_show_lesson': ok({ ...lessonDetail, presence: { ...open, nonce: null, answer_in: null } }),
      'POST /coursepoolapi/course_pools/watch_create': () => ok({ ...report, presence: confirmed ? next : open }),
      'POST /api/lesson_presence': () => {
        confirmed = true;
        return ok(next);
      },
    });
    renderRoute('/train/play/11/101', { session: { token: 't1', user: makeUser() } });
    // Due at once: the player reports, and the answer's nonce opens the prompt over the video.
    const dialog = await screen.findByRole('alertdialog', { name: '学习确认' }, SLOW);
    expect(dialog).toHaveAccessibleDescription('请点击继续学习以确认您仍在学习');
    expect(calls.filter((c) => c.url.endsWith('/watch_create'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.find((c) => c.url === '/api/lesson_presence')?.body).toEqual({ lesson_id: 101, nonce: 'n-1' });
  });
});
