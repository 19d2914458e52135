import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ChatMessage } from '@app/contracts';
import { makeUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { LiveChat } from './live-chat';

vi.setConfig({ testTimeout: 60_000 });

const messages: ChatMessage[] = [
  { id: 1, user_id: 1001, user_name: '张会计', body: '老师，留抵退税怎么算？', created_at: '2026-11-27T11:40:00.000Z', staff: false },
  { id: 2, user_id: 2002, user_name: '李出纳', body: '加我微信领资料', created_at: '2026-11-27T11:41:00.000Z', staff: false },
];

// The stream replays the two messages at once instead of reading server-sent events.
vi.mock('../lib/chat-stream', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/chat-stream')>();
  return {
    ...actual,
    openChatStream: (opts: { onEvent: (e: ChatEvent) => void; onState: (s: 'open') => void }) => {
      opts.onState('open');
      for (const message of messages) opts.onEvent({ type: 'message', message });
      return () => undefined;
    },
  };
});

const line = (text: string) => screen.getByText(text).closest('li')!;

describe('live chat', () => {
  it('offers 举报 on other viewers’ messages only, and not to visitors', async () => {
    mockApi({});
    const { unmount } = renderScreen('/', <LiveChat classId={1} canSend canModerate={false} />, '/', {
      session: { token: 't1', user: makeUser({ id: 1001 }) },
    });
    expect(await screen.findByText('加我微信领资料')).toBeInTheDocument();
    expect(within(line('加我微信领资料')).getByRole('button', { name: '举报' })).toBeInTheDocument();
    expect(within(line('老师，留抵退税怎么算？')).queryByRole('button', { name: '举报' })).toBeNull();
    unmount();

    renderScreen('/', <LiveChat classId={1} canSend={false} canModerate={false} />, '/');
    expect(await screen.findByText('加我微信领资料')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '举报' })).toBeNull();
  });
});
