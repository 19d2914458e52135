import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffMessages } from '@app/contracts/staff/staff.rules';
import { adminMenu, visibleAdminMenu } from '@/app/router/admin-routes';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/admin', '/admin/invoices', '/admin/evaluations', '/admin/staff'), 120_000);

const emptyPage = ok({ list: [], total: 0, page: 1, per: 10 });
beforeEach(() => {
  mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'GET /api/quiz/expert/me': ok({ expert: null, categories: [] }),
    'GET /api/admin/invoices': emptyPage,
    'GET /api/admin/risk-checks': emptyPage,
    'GET /api/admin/staff': ok([]),
    'GET /api/admin/dashboard': ok(makeDashboard()),
  });
});

const finance = makeUser({ staff_roles: ['finance'] });

function makeDashboard() {
  const pair = { today: 1, month: 3 };
  return {
    today: '2026-05-10',
    month: '2026-05',
    registrations: pair,
    active_learners: pair,
    learning_seconds: { today: 3600, month: 36000 },
    sales: { paid_orders: pair, revenue: { today: 29800, month: 89400 }, member_conversions: pair },
    qa: { open: 2, overdue: 1 },
    pending: { stars: 0, companies: 1, job_posts: 0, invoices: 2, grading: 0 },
    series: [],
  };
}

describe('the /admin menu follows the roles', () => {
  it('every staff screen declares the permission its endpoints need (the expert workspace excepted)', () => {
    expect(adminMenu.filter((e) => !e.expert && e.permission === null).map((e) => e.path)).toEqual([]);
  });

  it('lists only the screens the permissions allow, and the expert workspace only for experts', () => {
    const titles = (perms: string[], expert = false) => visibleAdminMenu(perms, expert).map((e) => e.title);
    expect(titles(['invoices', 'risk_checks'])).toEqual(['发票管理', '风险检测报告']);
    expect(titles(['exams', 'grading'])).toContain('阅卷');
    expect(titles([], true)).toEqual(['专家工作台']);
    expect(titles(makeUser({ staff_roles: ['admin'] }).permissions)).toEqual(
      expect.arrayContaining(['员工角色', '操作日志', '发票管理', '星级评价审核', '企业认证审核']),
    );
  });

  it('shows a 财务 account the dashboard at /admin and their screens in the menu', async () => {
    const { router } = renderRoute('/admin', { session: { token: 't1', user: finance } });
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' }, SLOW);
    const items = [...nav.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent);
    expect(items).toEqual(['数据概览', '发票管理', '风险检测报告', '企业培训概览', '学员卡价格', '学习计划', '数据导出']);
    expect(await screen.findByText('今日注册', undefined, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows no dashboard at /admin to a role without 数据概览', async () => {
    renderRoute('/admin', { session: { token: 't1', user: makeUser({ staff_roles: ['expert'] }) } });
    expect(await screen.findByText('暂无可用的管理功能', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('今日注册')).toBeNull();
  });

  it('answers a screen outside the roles with 无权访问 naming the missing permission', async () => {
    renderRoute('/admin/evaluations', { session: { token: 't1', user: finance } });
    expect(await screen.findByText('无权访问', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText(staffMessages.permissionDenied('stars'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回数据概览' })).toBeInTheDocument();
  });

  it('gives 管理员 the role and audit screens', async () => {
    renderRoute('/admin/staff', { session: { token: 't1', user: makeUser({ staff_roles: ['admin'] }) } });
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' }, SLOW);
    expect(nav).toHaveTextContent('员工角色');
    expect(nav).toHaveTextContent('操作日志');
    expect(await screen.findByRole('button', { name: '保存角色' }, SLOW)).toBeInTheDocument();
  });
});
