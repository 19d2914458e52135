import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { currentUrl, renderRoute } from '@/testing/render';
import { mockApi, ok } from '@/testing/mock-api';
import { makePost, makeSent, paged } from '../testing/recruiting-fixtures';
import ApplyJobPage from './apply-job-page';
import FiltratePage from './filtrate-page';
import JobBoardPage from './job-board-page';

vi.setConfig({ testTimeout: 60_000 });

const OPTIONS = { areas: [], positions: [], industries: [] };

describe('job board', () => {
  it('lists online posts with salary, cities and company, and sends the keyword to the server', async () => {
    const params: unknown[] = [];
    mockApi({
      'GET /api/select_options': ok(OPTIONS),
      'GET /api/job_board': (config) => {
        params.push(config.params);
        return ok(paged([makePost()]));
      },
    });
    renderScreen('/jobDetail', <JobBoardPage />, '/jobDetail?keyword=%E6%80%BB%E8%B4%A6');
    const card = await screen.findByRole('article', { name: '总账会计' });
    expect(within(card).getByText('9000-15999元/月')).toBeInTheDocument();
    expect(within(card).getByText('郑州市、洛阳市')).toBeInTheDocument();
    expect(within(card).getByText('示例财务咨询有限公司')).toBeInTheDocument();
    expect(params[0]).toMatchObject({ keyword: '总账', sort: 'newest', page: 1 });
  });
});

describe('talent query access', () => {
  it('tells a personal account why it cannot query talents, without calling the query', async () => {
    const { calls } = mockApi({});
    renderScreen('/filtrate', <FiltratePage />, '/filtrate', {
      session: { token: 't', user: makeUser({ role: 'personal' }) },
    });
    expect(await screen.findByText('人才查询仅向企业账号开放')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/talents')).toBe(false);
  });
});

describe('my applications', () => {
  it('shows an interview invitation and accepts it', async () => {
    let accepted = false;
    mockApi({
      'GET /api/job_applications/sent': () => ok(paged([makeSent({ interview_accepted: accepted })])),
      'POST /api/job_applications/5/accept_interview': () => {
        accepted = true;
        return ok(makeSent({ interview_accepted: true }), '已接受面试邀请');
      },
    });
    renderScreen('/center/applyJob', <ApplyJobPage />, '/center/applyJob', {
      session: { token: 't', user: makeUser({ role: 'personal' }) },
    });
    const row = (await screen.findByText('郑州市郑东新区商务内环路16号', { exact: false })).closest('tr')!;
    expect(within(row).getByText('待接受')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /接受面试/ }));
    expect(await screen.findByText('已接受')).toBeInTheDocument();
  });
});

describe('job post page', () => {
  function mockPost(extra: Record<string, ReturnType<typeof ok>> = {}) {
    return mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/job_board/11': ok({ post: makePost(), similar: [], my_application: null }),
      ...extra,
    });
  }

  it('is drawn without antd for a visitor, and 投递简历 asks a visitor to log in first', async () => {
    mockPost();
    const { router } = renderRoute('/jobDetail/jinfo?id=11');
    expect(
      await screen.findByRole('heading', { level: 1, name: '总账会计' }, { timeout: 25_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('暂无相似职位')).toBeInTheDocument();
    expect(document.body.querySelector('[class*="ant-"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '投递简历' }));
    await waitFor(() => expect(currentUrl(router)).toMatch(/^\/login\?redirect=/), { timeout: 25_000 });
  });

  it('opens the antd apply dialog for a job seeker who came straight to the post', async () => {
    mockPost();
    renderRoute('/jobDetail/jinfo?id=11', { session: { token: 't1', user: makeUser() } });
    await userEvent.click(await screen.findByRole('button', { name: '投递简历' }, { timeout: 25_000 }));
    const dialog = await screen.findByRole('dialog', { name: '投递职位：总账会计' }, { timeout: 25_000 });
    expect(within(dialog).getByRole('button', { name: /确认投递/ })).toBeInTheDocument();
  });

  it('says a post that is gone is gone, with the way back to the board', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/job_board/12': { code: 404, message: '职位不存在', data: null },
    });
    renderRoute('/jobDetail/jinfo?id=12');
    expect(
      await screen.findByRole('heading', { name: '职位不存在或已下线' }, { timeout: 25_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回招聘求职' })).toHaveAttribute('href', '/jobDetail');
  });
});
