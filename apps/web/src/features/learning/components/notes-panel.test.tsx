import { App } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { createTestQueryClient, resetSession } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { LessonVideo, type LessonVideoHandle } from './lesson-video';
import { NotesPanel } from './notes-panel';

function makeNote(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    course_id: 11,
    course_title: '全面预算管理实务',
    lesson_id: 101,
    lesson_title: '预算编制的起点',
    video_second: 75,
    content: '预算要从战略出发',
    is_public: false,
    like_count: 0,
    liked: false,
    is_mine: true,
    author_name: '张会计',
    created_at: '2025-05-01T08:00:00.000Z',
    updated_at: '2025-05-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The player page's wiring: the notes panel's jump seeks the lesson video. */
function Harness() {
  const video = useRef<LessonVideoHandle>(null);
  return (
    <>
      <LessonVideo ref={video} src="/media/lesson.mp4" startAt={0} onReport={() => {}} onBeacon={() => true} />
      <NotesPanel lessonId={101} getTime={() => video.current?.currentTime() ?? 0} onJump={(s) => video.current?.seek(s)} />
    </>
  );
}

function renderHarness() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <App>
        <Harness />
      </App>
    </QueryClientProvider>,
  );
}

let notes: Note[];
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  resetSession({ token: 't1', user: makeUser() });
  notes = [makeNote(), makeNote({ id: 2, video_second: 312, content: '滚动预算的适用场景', like_count: 2 })];
  api = mockApi({
    'GET /api/notes': () => ok({ list: notes, total: notes.length, page: 1, per: 50 }),
    'POST /api/notes': (config) => {
      const body = JSON.parse(String(config.data)) as { video_second: number; content: string };
      const note = makeNote({ id: 3, video_second: body.video_second, content: body.content });
      notes = [note, ...notes];
      return ok(note);
    },
    'POST /api/notes/like': ok({ liked: true, like_count: 1 }),
    'DELETE /api/notes/1': () => {
      notes = notes.filter((n) => n.id !== 1);
      return ok(null);
    },
  });
});

const videoEl = (container: HTMLElement) => container.querySelector('video')!;

describe('notes panel', () => {
  it('jumps the video to a note’s second when its time is clicked', async () => {
    const { container } = renderHarness();
    fireEvent.click(await screen.findByRole('button', { name: '跳转到 05:12' }));
    expect(videoEl(container).currentTime).toBe(312);
    fireEvent.click(screen.getByRole('button', { name: '跳转到 01:15' }));
    expect(videoEl(container).currentTime).toBe(75);
  });

  it('saves a note at the video’s current second', async () => {
    const { container } = renderHarness();
    await screen.findByText('预算要从战略出发');
    videoEl(container).currentTime = 42.7;
    fireEvent.change(screen.getByRole('textbox', { name: '笔记内容' }), { target: { value: '零基预算' } });
    fireEvent.click(screen.getByRole('button', { name: '保存笔记' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/notes')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST' && c.url === '/api/notes');
    expect(post?.body).toMatchObject({ lesson_id: 101, video_second: 42, content: '零基预算', is_public: false });
    expect(await screen.findByRole('button', { name: '跳转到 00:42' })).toBeInTheDocument();
  });

  it('likes a note and shows the new count', async () => {
    renderHarness();
    const item = (await screen.findByText('预算要从战略出发')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: '点赞' }));
    expect(await within(item).findByRole('button', { name: '取消点赞' })).toHaveTextContent('1');
  });

  it('deletes a note after confirmation', async () => {
    renderHarness();
    const item = (await screen.findByText('预算要从战略出发')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: '删除笔记' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(screen.queryByText('预算要从战略出发')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/api/notes/1')).toBe(true);
  });
});
