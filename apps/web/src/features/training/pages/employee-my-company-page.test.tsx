import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { trainingMessages as m } from '@app/contracts/training/training.rules';
import type { MyAssignment, MyCompany } from '@app/contracts/training/training.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok, type MockReply } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import EmployeeMyCompanyPage from './employee-my-company-page';

vi.setConfig({ testTimeout: 60_000 });

function assignment(over: Partial<MyAssignment> = {}): MyAssignment {
  return {
    id: 1,
    course_id: 31,
    course_title: '新收入准则实务',
    cover: null,
    plan_name: null,
    deadline: '2026-12-31',
    days_left: 20,
    percent: 40,
    finished_at: null,
    status: 'learning',
    ...over,
  };
}

const invitation = { id: 5, company_name: '华财科技有限公司', invited_at: '2026-11-27T02:00:00.000Z', expires_at: '2026-12-04T02:00:00.000Z' };
const nothing: MyCompany = { employment: null, seat: null, invitations: [], assignments: [] };
const employed: MyCompany = {
  employment: { id: 9, company_name: '华财科技有限公司', joined_at: '2026-11-28T02:00:00.000Z' },
  seat: { id: 3, ends_at: '2027-11-28T02:00:00.000Z' },
  invitations: [],
  assignments: [
    assignment({ id: 1, course_id: 31, course_title: '新收入准则实务', deadline: '2026-12-31', days_left: 20 }),
    assignment({ id: 2, course_id: 32, course_title: '增值税申报', deadline: '2026-11-30', days_left: -2, status: 'overdue', percent: 10 }),
  ],
};

function renderPage(data: MyCompany, writes: Record<string, MockReply> = {}) {
  const api = mockApi({
    'GET /api/my_company': ok(data),
    'POST /api/users/get_current_user': ok(makeUser()),
    ...writes,
  });
  renderScreen('/center/my-company', <EmployeeMyCompanyPage />, '/center/my-company', { session: { token: 't', user: makeUser() } });
  return api;
}

const posts = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/my_company')).map((c) => c.url);

describe('/center/my-company', () => {
  it('tells a member without a company that invitations will show here', async () => {
    renderPage(nothing);
    expect(await screen.findByText('您还没有加入单位；单位邀请您后，会在这里看到邀请。')).toBeInTheDocument();
  });

  it('accepts an invitation through its accept endpoint and shows the company it joined', async () => {
    const { calls } = renderPage(
      { ...nothing, invitations: [invitation] },
      { 'POST /api/my_company/invitations/5/accept': ok(employed, m.accepted) },
    );
    expect(await screen.findByText(/邀请于 2026-11-27 · 有效期至 2026-12-04/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '接受华财科技有限公司的邀请' }));
    expect(await screen.findByText(m.accepted)).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/api/my_company/invitations/5/accept']);
    expect(await screen.findByText((_, el) => el?.tagName === 'STRONG' && el.textContent === '单位为您开通了会员，有效期至 2027-11-28')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /接受/ })).not.toBeInTheDocument();
    // The seat changes the membership the centre shows: the current user is read again.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/users/get_current_user')).toBe(true));
  });

  it('declines an invitation only after confirming, through its decline endpoint', async () => {
    const { calls } = renderPage(
      { ...nothing, invitations: [invitation] },
      { 'POST /api/my_company/invitations/5/decline': ok(nothing, m.declined) },
    );
    fireEvent.click(await screen.findByRole('button', { name: '拒绝华财科技有限公司的邀请' }));
    expect(posts(calls)).toEqual([]);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: /拒\s?绝/ }));
    expect(await screen.findByText(m.declined)).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/api/my_company/invitations/5/decline']);
    expect(await screen.findByText('您还没有加入单位；单位邀请您后，会在这里看到邀请。')).toBeInTheDocument();
  });

  it("shows the server's refusal when the member already belongs to another company", async () => {
    renderPage(
      { ...employed, invitations: [{ ...invitation, id: 6, company_name: '远航会计师事务所' }] },
      { 'POST /api/my_company/invitations/6/accept': { code: 409, message: m.employedElsewhere, data: null } },
    );
    expect(await screen.findByText(/接受其他单位的邀请前请先退出原单位/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '接受远航会计师事务所的邀请' }));
    expect(await screen.findByText(m.employedElsewhere)).toBeInTheDocument();
  });

  it('leaves the company after a warning that the seat is taken back', async () => {
    const { calls } = renderPage(employed, { 'POST /api/my_company/leave': ok(nothing, m.left) });
    fireEvent.click(await screen.findByRole('button', { name: /退出单位/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/退出后单位发放的学员卡将收回/)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '退出单位' }));
    expect(await screen.findByText(m.left)).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/api/my_company/leave']);
  });

  it('lists the assigned courses nearest deadline first, the overdue one in red, each linking to its course page', async () => {
    renderPage(employed);
    const links = await screen.findAllByRole('link', { name: /^去学习：/ });
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['去学习：增值税申报', '去学习：新收入准则实务']);
    expect(links[0]).toHaveAttribute('href', '/train/detail/32');
    const late = screen.getByText('已逾期2天');
    expect(late).toHaveClass('assigned-courses__late');
    expect(screen.getByText('还剩20天')).not.toHaveClass('assigned-courses__late');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: '学习进度10%' })).toBeInTheDocument());
  });
});
