import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import MessagePage from './message-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

function msg(id: number, isRead: boolean): Message {
  return {
    id,
    title: `系统通知${id}`,
    content: `通知${id}的正文`,
    is_read: isRead,
    created_at: '2026-11-20T08:00:00.000Z',
  };
}

/** A tiny in-memory message store behind the real API client. */
function serverWith(messages: Message[]) {
  const unread = () => messages.filter((m) => !m.is_read).length;
  return mockApi({
    'GET /api/messages': (config) => {
      const status = (config.params as { status?: string } | undefined)?.status;
      const list = messages
        .filter((m) => (status === 'unread' ? !m.is_read : status === 'read' ? m.is_read : true))
        .sort((a, b) => Number(a.is_read) - Number(b.is_read));
      return ok({ list, total: list.length, page: 1, per: 10, unread: unread() });
    },
    'POST /api/messages': (config) => {
      const body = JSON.parse(String(config.data)) as { id?: number; all?: true };
      for (const m of messages) if (body.all || m.id === body.id) m.is_read = true;
      return ok({ unread: unread() });
    },
    'POST /api/users/get_current_user': () => ok(makeUser({ message_num: unread() })),
  });
}

function renderPage(path = '/center/message') {
  const session = { token: 't1', user: makeUser({ message_num: 2 }) };
  return renderScreen('/center/message', <MessagePage />, path, { session }).router;
}

const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url === '/api/messages').length;

describe('message centre', () => {
  it('opening an unread message marks it read, refreshes the list and the header count', async () => {
    const { calls } = serverWith([msg(1, false), msg(2, false), msg(3, true)]);
    renderPage();
    fireEvent.click(await screen.findByText('系统通知1'));
    expect(await screen.findByText('通知1的正文')).toBeInTheDocument();

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/messages')?.body).toEqual({ id: 1 }),
    );
    await waitFor(() => expect(listCalls(calls)).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(useSessionStore.getState().user?.message_num).toBe(1));
    expect(await screen.findByText('（1条未读）')).toBeInTheDocument();
  });

  it('opening a read message sends nothing', async () => {
    const { calls } = serverWith([msg(3, true)]);
    renderPage();
    fireEvent.click(await screen.findByText('系统通知3'));
    expect(await screen.findByText('通知3的正文')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/messages')).toBe(false);
  });

  it('全部已读 marks all read and the badge count drops to zero', async () => {
    const { calls } = serverWith([msg(1, false), msg(2, false)]);
    renderPage();
    await screen.findByText('（2条未读）');
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/messages')?.body).toEqual({
        all: true,
      }),
    );
    await waitFor(() => expect(useSessionStore.getState().user?.message_num).toBe(0));
    await waitFor(() => expect(screen.queryByText(/条未读/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
  });

  it('the 未读 filter asks the server for unread messages only', async () => {
    const { calls } = serverWith([msg(1, false), msg(3, true)]);
    const router = renderPage();
    await screen.findByText('系统通知3');
    fireEvent.click(screen.getByText('未读'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=unread'));
    await waitFor(() => expect(screen.queryByText('系统通知3')).not.toBeInTheDocument());
    expect(screen.getByText('系统通知1')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/messages' && c.method === 'GET')).toBe(true);
  });
});
