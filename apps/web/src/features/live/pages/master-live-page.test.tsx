import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveMessages as m, type LiveClass, type LiveList } from '@app/contracts';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import MasterLivePage from './master-live-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };
const cls = (over: Partial<LiveClass>): LiveClass => ({
  id: 1,
  title: '2026年度企业所得税汇算清缴新变化',
  teacher: '周建国',
  teacher_title: '注册税务师',
  starts_at: '2026-11-27T11:30:00.000Z',
  ends_at: '2026-11-27T13:00:00.000Z',
  duration_minutes: 90,
  cover_url: '/media/live-covers/1.svg',
  description: '',
  capacity: 500,
  booked_count: 12,
  access: 'member_free',
  phase: 'upcoming',
  booked: false,
  has_replay: false,
  replay_course_id: null,
  ...over,
});
const list = (items: LiveClass[], used: number): LiveList => ({
  items,
  is_member: true,
  quota: { used, limit: 6, year_start: '2026-03-01T00:00:00.000Z', year_end: '2027-03-01T00:00:00.000Z' },
});

describe('master live page', () => {
  it('shows the free-class count and books a class', async () => {
    let booked = false;
    const { calls } = mockApi({
      'GET /api/live': () => ok(list([cls({ booked, booked_count: booked ? 13 : 12 })], booked ? 3 : 2)),
      'POST /api/live/1/booking': () => ((booked = true), ok(cls({ booked: true }), m.booked)),
    });
    renderScreen('/center/master-live', <MasterLivePage />, '/center/master-live', { session });
    expect(await screen.findByText('2026年度企业所得税汇算清缴新变化')).toBeInTheDocument();
    expect(screen.getByTestId('live-quota')).toHaveTextContent('已用 2 / 6 次');
    fireEvent.click(screen.getByRole('button', { name: /预\s?约/ }));
    await waitFor(() => expect(screen.getByTestId('live-quota')).toHaveTextContent('已用 3 / 6 次'));
    expect(screen.getByText('已预约', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/live/1/booking')).toBe(true);
  });

  it('shows the refusal of a seventh free class in Chinese and books nothing', async () => {
    mockApi({
      'GET /api/live': ok(list([cls({})], 6)),
      'POST /api/live/1/booking': { code: 409, message: m.freeUsedUp(6), data: null },
    });
    renderScreen('/center/master-live', <MasterLivePage />, '/center/master-live', { session });
    fireEvent.click(await screen.findByRole('button', { name: /预\s?约/ }));
    expect(await screen.findByText(m.freeUsedUp(6))).toBeInTheDocument();
    expect(screen.queryByText('已预约', { selector: '.ant-tag' })).toBeNull();
  });
});
