import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlaybackClock } from '../lib/playback-clock';
import { LessonTranscript } from './lesson-transcript';

const VTT = `WEBVTT

00:00:01.000 --> 00:00:04.000
各位学员好，欢迎学习收入准则

00:00:05.000 --> 00:00:09.000
收入确认五步法的第一步是识别合同

00:00:10.000 --> 00:00:14.000
第二步识别单项履约义务
`;
const track = { lang: 'zh-CN', label: '中文', url: '/media/subtitles/7-zh-CN.vtt?exp=1&sig=s' };

function setup() {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(VTT));
  const clock = createPlaybackClock();
  const onSeek = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LessonTranscript track={track} clock={clock} onSeek={onSeek} />
    </QueryClientProvider>,
  );
  return { clock, onSeek };
}

afterEach(() => vi.restoreAllMocks());

describe('LessonTranscript', () => {
  it('lists every caption line with its time, each a button seeking the video to the line start', async () => {
    const { onSeek } = setup();
    const lines = await screen.findAllByRole('button');
    expect(lines.map((b) => b.textContent)).toEqual([
      '0:01各位学员好，欢迎学习收入准则',
      '0:05收入确认五步法的第一步是识别合同',
      '0:10第二步识别单项履约义务',
    ]);
    fireEvent.click(lines[1]!);
    expect(onSeek).toHaveBeenCalledWith(5);
  });

  it('highlights the line playing as the video moves', async () => {
    const { clock } = setup();
    await screen.findAllByRole('button');
    expect(document.querySelector('[aria-current="true"]')).toBeNull();
    act(() => clock.set(6.5));
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('收入确认五步法');
    act(() => clock.set(11));
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('第二步');
  });

  it('filters and marks lines by the search words, and says when nothing matches', async () => {
    setup();
    await screen.findAllByRole('button');
    const search = screen.getByRole('searchbox', { name: '搜索文稿' });
    expect(search).toHaveAttribute('placeholder', '输入关键词查找文稿');
    fireEvent.change(search, { target: { value: '识别' } });
    const lines = screen.getAllByRole('button');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('识别', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByText('找到 2 句')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '租赁' } });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('没有找到相关内容')).toBeInTheDocument();
  });
});
