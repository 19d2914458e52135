import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MyAssignment, MyCompany } from '@app/contracts/training/training.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { EmployeeAssignedCourses } from './employee-assigned-courses';
import { EmployeeInvitationNotice } from './employee-invitation-notice';

vi.setConfig({ testTimeout: 60_000 });

function assignment(id: number, over: Partial<MyAssignment> = {}): MyAssignment {
  return {
    id,
    course_id: 100 + id,
    course_title: `课程${id}`,
    cover: null,
    plan_name: null,
    deadline: '2026-12-31',
    days_left: 30,
    percent: 0,
    finished_at: null,
    status: 'not_started',
    ...over,
  };
}

const company = (assignments: MyAssignment[], invitations: MyCompany['invitations'] = []): MyCompany => ({
  employment: assignments.length ? { id: 9, company_name: '华财科技有限公司', joined_at: '2026-11-01T00:00:00.000Z' } : null,
  seat: null,
  invitations,
  assignments,
});

function renderBlock(ui: ReactNode, data: MyCompany, role: 'personal' | 'company' = 'personal') {
  const api = mockApi({ 'GET /api/my_company': ok(data) });
  renderScreen('/center/student', ui, '/center/student', { session: { token: 't', user: makeUser({ role }) } });
  return api;
}

describe('单位指派 block', () => {
  it('shows the first unfinished courses by deadline with the overdue count, and a way to all of them', async () => {
    renderBlock(
      <EmployeeAssignedCourses limit={2} />,
      company([
        assignment(1, { deadline: '2026-12-31', days_left: 30 }),
        assignment(2, { deadline: '2026-11-20', days_left: -8, status: 'overdue', percent: 35 }),
        assignment(3, { deadline: '2026-10-01', status: 'done', percent: 100, finished_at: '2026-09-30T00:00:00.000Z', days_left: -60 }),
        assignment(4, { deadline: '2026-12-05', days_left: 4, status: 'learning', percent: 60 }),
      ]),
    );
    const block = await screen.findByRole('region', { name: '单位指派' });
    const titles = within(block)
      .getAllByRole('heading', { level: 3 })
      .map((h) => within(h).getByRole('link').textContent);
    expect(titles).toEqual(['课程2', '课程4']);
    expect(within(block).getByText('已逾期8天')).toHaveClass('assigned-courses__late');
    expect(within(block).getByText('逾期 1 门')).toBeInTheDocument();
    expect(within(block).getByText('待完成 3 门')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: '查看全部 4 门单位指派课程' })).toHaveAttribute('href', '/center/my-company');
    expect(within(block).getByRole('link', { name: '去学习：课程2' })).toHaveAttribute('href', '/train/detail/102');
  });

  it('draws nothing when the company assigned no course', async () => {
    const { calls } = renderBlock(<EmployeeAssignedCourses />, company([]));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '单位指派' })).not.toBeInTheDocument();
  });

  it('asks nothing for a company account', async () => {
    const { calls } = renderBlock(<EmployeeAssignedCourses />, company([assignment(1)]), 'company');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('region', { name: '单位指派' })).not.toBeInTheDocument();
  });
});

describe('invitation notice on 学员中心', () => {
  it('names the inviting company and links to 我的单位', async () => {
    renderBlock(
      <EmployeeInvitationNotice />,
      company([], [{ id: 5, company_name: '华财科技有限公司', invited_at: '2026-11-27T02:00:00.000Z', expires_at: '2026-12-04T02:00:00.000Z' }]),
    );
    expect(await screen.findByText('华财科技有限公司邀请您加入单位培训')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去处理' })).toHaveAttribute('href', '/center/my-company');
  });
});
