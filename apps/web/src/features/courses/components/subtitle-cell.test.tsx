import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { AdminLesson } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { SubtitleCell } from './subtitle-cell';

const lesson: AdminLesson = {
  id: 7,
  sort: 1,
  title: '五步法模型总览',
  is_trial: true,
  duration: 30,
  video_ready: true,
  poster_url: null,
  video_url: '/media/videos/lesson-a.mp4?exp=1&sig=s',
  video_job: null,
  question_count: 1,
  subtitles: [{ lesson_id: 7, lang: 'zh-CN', label: '中文', cue_count: 8, source_name: '第1讲.vtt', updated_at: '2025-05-01T08:00:00.000Z' }],
};

function renderCell(onChanged = vi.fn()) {
  const view = render(
    <App>
      <SubtitleCell lesson={lesson} onChanged={onChanged} />
    </App>,
  );
  return { input: view.container.querySelector('input[type=file]') as HTMLInputElement, onChanged };
}

describe('SubtitleCell', () => {
  it('shows the file name and cue count, and replaces the file', async () => {
    const { calls } = mockApi({ 'PUT /api/admin/course_lessons/7/subtitles': ok({ ...lesson.subtitles[0], cue_count: 3 }) });
    const { input, onChanged } = renderCell();
    expect(screen.getByText('第1讲.vtt')).toBeInTheDocument();
    expect(screen.getByText(/8 条/)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['1\n00:00:01,000 --> 00:00:02,000\n你好\n'], '新字幕.srt')] } });
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls[0]!.body).toBeInstanceOf(FormData);
  });

  it('shows the server’s refusal naming the line of the file', async () => {
    mockApi({
      'PUT /api/admin/course_lessons/7/subtitles': {
        code: 400,
        message: '字幕文件第 12 行：时间格式不正确',
        data: { fieldErrors: { file: '字幕文件第 12 行：时间格式不正确' } },
      },
    });
    const { input, onChanged } = renderCell();
    fireEvent.change(input, { target: { files: [new File(['WEBVTT\n'], 'bad.vtt')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('字幕文件第 12 行：时间格式不正确');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('refuses other file types before sending', () => {
    const { calls } = mockApi({});
    const { input } = renderCell();
    fireEvent.change(input, { target: { files: [new File(['x'], 'lesson.ass')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('字幕文件须为 WebVTT（.vtt）或 SRT（.srt）格式');
    expect(calls).toHaveLength(0);
  });
});
