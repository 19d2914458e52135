import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresencePrompt } from './presence-prompt';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('presence prompt (学习确认)', () => {
  it('asks the learner to confirm, with the focus on 继续学习 and the seconds left', () => {
    const onConfirm = vi.fn();
    render(<PresencePrompt answerIn={60} paused={false} onConfirm={onConfirm} onTimeout={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: '学习确认' });
    expect(dialog).toHaveAccessibleDescription('请点击继续学习以确认您仍在学习');
    const button = screen.getByRole('button', { name: '继续学习' });
    expect(button).toHaveFocus();
    expect(dialog).toHaveTextContent('剩余 60 秒');
    act(() => vi.advanceTimersByTime(15_000));
    expect(dialog).toHaveTextContent('剩余 45 秒');
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('gives focus back to what had it (the player) once answered', () => {
    function Lesson({ asking }: { asking: boolean }) {
      return (
        <div>
          <video aria-label="课程视频" tabIndex={0} />
          {asking && <PresencePrompt answerIn={60} paused={false} onConfirm={() => {}} onTimeout={() => {}} />}
        </div>
      );
    }
    const { rerender } = render(<Lesson asking={false} />);
    const player = screen.getByLabelText('课程视频');
    player.focus();
    rerender(<Lesson asking />);
    expect(screen.getByRole('button', { name: '继续学习' })).toHaveFocus();
    rerender(<Lesson asking={false} />);
    expect(player).toHaveFocus();
  });

  it('says timing is paused once the time runs out, tells the page once, and keeps the focus on 继续学习', () => {
    const onTimeout = vi.fn();
    render(<PresencePrompt answerIn={60} paused={false} onConfirm={() => {}} onTimeout={onTimeout} />);
    act(() => vi.advanceTimersByTime(59_000));
    expect(onTimeout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_500));
    expect(onTimeout).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('alertdialog', { name: '学习确认' });
    expect(dialog).toHaveAccessibleDescription('学习计时已暂停，点击继续学习恢复计时');
    expect(dialog).not.toHaveTextContent('剩余');
    expect(screen.getByRole('button', { name: '继续学习' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(60_000));
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('opens paused when the server says the time has passed', () => {
    const onTimeout = vi.fn();
    render(<PresencePrompt answerIn={0} paused onConfirm={() => {}} onTimeout={onTimeout} />);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('学习计时已暂停，点击继续学习恢复计时');
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
