import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import StudentPage from './student-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

function renderDashboard() {
  const session = { token: 't1', user: makeUser({ nickname: '张会计' }) };
  renderScreen('/center/student', <StudentPage />, '/center/student', { session });
}

describe('student dashboard', () => {
  it('greets the user and lists the newest messages from the API with the unread count', async () => {
    const { calls } = mockApi({
      'GET /api/messages': ok({
        list: [
          {
            id: 7,
            title: '课程更新提醒',
            content: '……',
            is_read: false,
            created_at: '2026-11-21T02:00:00.000Z',
          },
          {
            id: 6,
            title: '密码已修改',
            content: '……',
            is_read: true,
            created_at: '2026-11-20T02:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        per: 5,
        unread: 1,
      }),
    });
    renderDashboard();
    expect(screen.getByText(/张会计/)).toBeInTheDocument();
    expect(await screen.findByText('课程更新提醒')).toBeInTheDocument();
    expect(screen.getByText('密码已修改')).toBeInTheDocument();
    expect(screen.getByText('1条未读')).toBeInTheDocument();
    for (const label of ['我的课程', '我的笔记', '订单与发票', '风险检测报告', '账号设置']) {
      expect(screen.getByRole('link', { name: new RegExp(label) })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /订单与发票/ })).toHaveAttribute('href', '/center/order');
    expect(screen.getByRole('link', { name: /风险检测报告/ })).toHaveAttribute('href', '/center/riskReports');
    expect(calls.find((c) => c.url === '/api/messages')).toBeTruthy();
  });

  it('says so when there are no messages', async () => {
    mockApi({ 'GET /api/messages': ok({ list: [], total: 0, page: 1, per: 5, unread: 0 }) });
    renderDashboard();
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });

  it('gives a company account its own start: training and orders, no courses, notes or membership offer', async () => {
    mockApi({ 'GET /api/messages': ok({ list: [], total: 0, page: 1, per: 5, unread: 0 }) });
    const session = { token: 't2', user: makeUser({ id: 2002, role: 'company', nickname: '华财科技有限公司' }) };
    renderScreen('/center/student', <StudentPage />, '/center/student', { session });
    expect(screen.getByText(/华财科技有限公司/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /培训概览/ })).toHaveAttribute('href', '/center/training');
    expect(screen.getByRole('link', { name: /^学员卡/ })).toHaveAttribute('href', '/center/training/seats');
    expect(screen.getByRole('link', { name: /订单与发票/ })).toHaveAttribute('href', '/center/order');
    for (const learner of ['我的课程', '我的笔记', '风险检测报告']) expect(screen.queryByRole('link', { name: new RegExp(learner) })).toBeNull();
    expect(screen.queryByRole('button', { name: '开通会员' })).toBeNull();
    expect(screen.queryByText(/开始今天的学习/)).toBeNull();
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });
});
