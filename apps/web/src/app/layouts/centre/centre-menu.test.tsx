import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { asPhoneScreen } from '@/testing/phone';
import { currentUrl, preloadRoutes, renderRoute, SLOW } from '@/testing/render';
import { activeMenuKey, menuForRole } from './centre-menu';

beforeAll(() => preloadRoutes('/center/note', '/center/talentPortrayal', '/payment', '/center/student', '/center/message'), 120_000);

const PERSONAL_MENU = [
  '学员中心',
  '人才画像',
  '我的测评',
  '我的课程',
  // Company training (issue 33): the employee's company, after 我的课程.
  '我的单位',
  '我的提问',
  '杂志',
  '我的求职',
  '我的招聘',
  '个人信息',
  '我的笔记',
  '消息中心',
  '账号设置',
];
const COMPANY_MENU = [
  '企业信息',
  '我的招聘',
  '收到的简历',
  '人才库',
  '培训概览',
  '员工管理',
  '学员卡',
  '课程指派',
  '我的提问',
  '订单与发票',
  '消息中心',
  '账号设置',
];

describe('centre menu filtered by role', () => {
  it('personal accounts get the SPEC §2 menu in GLOSSARY order', () => {
    expect(menuForRole('personal').map((e) => e.label)).toEqual(PERSONAL_MENU);
  });

  it('company accounts get the DECISIONS.md 2 menu', () => {
    expect(menuForRole('company').map((e) => e.label)).toEqual(COMPANY_MENU);
  });

  it('without a role only entries without a role list show (我的提问)', () => {
    expect(menuForRole(null).map((e) => e.label)).toEqual(['我的提问']);
  });

  it('highlights the longest matching entry', () => {
    const company = menuForRole('company');
    expect(activeMenuKey('/center/recruitment/companyEdit', company)).toBe('companyEdit');
    expect(activeMenuKey('/center/recruitment/postEdit', company)).toBe('company-recruitment');
    expect(activeMenuKey('/center/lesson', company)).toBeUndefined();
    expect(activeMenuKey('/center/training', company)).toBe('training');
    expect(activeMenuKey('/center/training/seats', company)).toBe('training-seats');
  });

  it('tells the two tabs of the settings screen apart by query', () => {
    const personal = menuForRole('personal');
    expect(activeMenuKey('/center/setting', personal)).toBe('profile');
    expect(activeMenuKey('/center/setting', personal, '?tab=account')).toBe('setting');
  });
});

/** First render of the lazy centre layout transforms antd Menu in vitest. */

describe('centre layout', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
  });

  it("renders the company menu and the company's own figures instead of a learner's statistics", async () => {
    const user = makeUser({ id: 77, role: 'company', nickname: '华财科技', total_learn_time: 3675, finish_course_num: 9 });
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/companies/mine/overview': ok({
        name: '华财科技有限公司',
        logo: null,
        status: 'verified',
        status_label: '已认证',
        posts_online: 4,
        posts_pending: 1,
        applications_total: 12,
        applications_new: 3,
        interviews: 2,
        pool_size: 6,
      }),
    });
    renderRoute('/center/note', { session: { token: 't', user } });
    const nav = await screen.findByRole('navigation', { name: '个人中心菜单' }, SLOW);
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('menuitem')
          .map((li) => li.textContent),
      ).toEqual(COMPANY_MENU),
    );
    const banner = await screen.findByRole('region', { name: '企业概况' }, SLOW);
    expect(within(banner).getByText('华财科技有限公司')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: /在招职位/ })).toHaveTextContent('4在招职位1个待审核');
    expect(within(banner).getByRole('link', { name: /收到的简历/ })).toHaveTextContent('12收到的简历3份未查看');
    expect(within(banner).getByRole('link', { name: /人才库/ })).toHaveAttribute('href', '/center/talent-pool');
    expect(within(banner).getByRole('button', { name: '发布职位' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: /培训概览/ })).toHaveAttribute('href', '/center/training');
    expect(screen.queryByRole('region', { name: '个人概况' })).not.toBeInTheDocument();
    for (const learner of ['累计学习时长', '已完成课程', '积分', '星级：']) expect(screen.queryByText(learner)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '求职意向' })).not.toBeInTheDocument();
    // The personal-membership upsell is not even mounted for a company: a stray switch opens nothing.
    act(() => useSessionStore.getState().setStudentSwitch(true));
    expect(screen.queryByText(/发布求职意向是学员卡会员专享功能/)).not.toBeInTheDocument();
  });

  it('shows 0 points for a non-member; 求职意向 opens the student-card dialog, whose 立即开通 buys membership', async () => {
    const user = makeUser({ role: 'personal', is_member: false });
    const { router } = renderRoute('/center/note', { session: { token: 't', user } });
    const banner = await screen.findByRole('region', { name: '个人概况' }, SLOW);
    expect(within(banner).getByText('积分').previousElementSibling).toHaveTextContent(/^0$/);
    expect(within(banner).queryByText('暂无')).toBeNull();
    // Learning time in Chinese units (makeUser: 3675 s), not the clock form 1:01:15.
    expect(within(banner).getByText('1小时')).toBeInTheDocument();
    within(banner).getByRole('button', { name: '求职意向' }).click();
    await waitFor(() => expect(useSessionStore.getState().buyStudentStatus).toBe(true));
    // Both centre dialogs share antd's test-mode title id, so the dialog is found by its content.
    const dialog = (await screen.findByText(/发布求职意向是学员卡会员专享功能/)).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText('开通学员卡')).toBeInTheDocument();
    expect(useSessionStore.getState().infoDialogVisible).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '立即开通' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/payment?type=buyVip'),
    );
    expect(useSessionStore.getState().buyStudentStatus).toBe(false);
  });

  it('opens the job-intention dialog for a member', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/user_apply_jobs': ok([]),
      'GET /api/select_options': ok({ areas: [], positions: [], industries: [] }),
    });
    const user = makeUser({ role: 'personal', is_member: true });
    const { router } = renderRoute('/center/note', { session: { token: 't', user } });
    const banner = await screen.findByRole('region', { name: '个人概况' }, SLOW);
    within(banner).getByRole('button', { name: '求职意向' }).click();
    expect(await screen.findByRole('dialog', { name: '求职意向' })).toBeInTheDocument();
    expect(useSessionStore.getState().buyStudentStatus).toBe(false);
    expect(router.state.location.pathname).toBe('/center/note');
  });
});

describe('centre menu on a phone', () => {
  let desk: () => void;
  beforeEach(() => {
    desk = asPhoneScreen();
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
  });
  afterEach(() => desk());

  async function openDrawer() {
    fireEvent.click(await screen.findByRole('button', { name: /菜单/ }, SLOW));
    return screen.findByRole('navigation', { name: '个人中心菜单' });
  }

  it('folds the side menu into a 菜单 button whose drawer holds the personal entries, and goes where one is tapped', async () => {
    const { router } = renderRoute('/center/note', { session: { token: 't', user: makeUser({ role: 'personal' }) } });
    await screen.findByRole('region', { name: '个人概况' }, SLOW);
    expect(screen.queryByRole('navigation', { name: '个人中心菜单' })).toBeNull();
    const nav = await openDrawer();
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('menuitem')
          .map((li) => li.textContent),
      ).toEqual(PERSONAL_MENU),
    );
    fireEvent.click(within(nav).getByRole('menuitem', { name: '消息中心' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/center/message'));
  });

  it('gives a company account the DECISIONS.md 2 entries in the drawer', async () => {
    renderRoute('/center/note', { session: { token: 't', user: makeUser({ id: 2002, role: 'company' }) } });
    const nav = await openDrawer();
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('menuitem')
          .map((li) => li.textContent),
      ).toEqual(COMPANY_MENU),
    );
  });

  it('starts 学员中心 with a grid of the entries of the role', async () => {
    renderRoute('/center/student', { session: { token: 't', user: makeUser({ role: 'personal' }) } });
    const grid = await screen.findByRole('navigation', { name: '个人中心入口' }, SLOW);
    const links = within(grid).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(PERSONAL_MENU);
    expect(within(grid).getByRole('link', { name: '账号设置' })).toHaveAttribute('href', '/center/setting?tab=account');
  });
});
