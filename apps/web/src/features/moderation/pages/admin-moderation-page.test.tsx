import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moderationMessages as m, type ModerationItem, type ModerationPage } from '@app/contracts';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminModerationPage from './admin-moderation-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };
const item: ModerationItem = {
  id: 5,
  kind: 'comment',
  source_id: 42,
  state: 'pending',
  text: '想考中级的同学加微信领取资料，另可代开发票',
  context: '课程《内部控制基础》',
  link: '/train/detail/3',
  author: { id: 9, name: '考证小助手' },
  flagged_words: ['代开发票', '加微信'],
  report_count: 2,
  reports: [{ reason: '广告营销', count: 2 }],
  hide_reason: null,
  handled_by: null,
  handled_at: null,
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
};
const page = (list: ModerationItem[]): ModerationPage => ({
  list,
  total: list.length,
  page: 1,
  per: 20,
  counts: { pending: list.length, hidden: 0, restored: 0 },
});

describe('staff moderation screen', () => {
  it('lists pending items with the matched words highlighted, and hides one with a reason after refusing an empty one', async () => {
    const { calls } = mockApi({
      'GET /api/admin/moderation/items': ok(page([item])),
      'POST /api/admin/moderation/items/5/hide': ok(null, m.hidden),
    });
    const { container } = renderScreen('/admin/moderation', <AdminModerationPage />, '/admin/moderation', { session });
    expect(await screen.findByText('考证小助手')).toBeInTheDocument();
    expect([...container.querySelectorAll('mark')].map((x) => x.textContent)).toEqual(['加微信', '代开发票']);
    expect(screen.getByText('广告营销 ×2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '课程《内部控制基础》' })).toHaveAttribute('href', '/train/detail/3');

    fireEvent.click(screen.getByRole('button', { name: '隐 藏' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '隐藏并通知作者' }));
    expect(await within(dialog).findByText(m.hideReasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByText('发布广告信息'));
    fireEvent.click(within(dialog).getByRole('button', { name: '隐藏并通知作者' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/admin/moderation/items/5/hide',
        body: { reason: '发布广告信息' },
      }),
    );
  });

  it('refuses a word in both lists on the 敏感词设置 tab without calling the server', async () => {
    const { calls } = mockApi({
      'GET /api/admin/moderation/items': ok(page([])),
      'GET /api/admin/moderation/words': ok({ blocked: ['骗子'], allowed: ['招聘'], library: { word_count: 1054 } }),
    });
    renderScreen('/admin/moderation', <AdminModerationPage />, '/admin/moderation', { session });
    fireEvent.click(await screen.findByRole('tab', { name: '敏感词设置' }));
    expect(await screen.findByText(/内置词库：1054 个常用敏感词/)).toBeInTheDocument();
    expect(screen.queryByText(/sensitive-word-tool|\d+\.\d+\.\d+/)).toBeNull();
    const allowed = screen.getByRole('combobox', { name: '放行词' });
    fireEvent.change(allowed, { target: { value: '骗子' } });
    fireEvent.keyDown(allowed, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText(m.wordBothLists('骗子'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
