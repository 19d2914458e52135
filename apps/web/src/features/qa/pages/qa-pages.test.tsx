import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moderationMessages } from '@app/contracts';
import type { MyThread, QuizCard, QuizDetail } from '@app/contracts/qa/qa.schemas';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl, renderRoute } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';
import AskPage from './ask-page';
import QuizPage from './quiz-page';
import QuizQuestionPage from './quiz-question-page';
import ThreadPage from './thread-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't1', user: makeUser() };

const card = (over: Partial<QuizCard> = {}): QuizCard => ({
  id: 7,
  title: '年终奖还能选择单独计税吗？政策到哪年截止',
  category: '个人所得税',
  tags: ['年终奖'],
  excerpt: '公司准备发放年终奖',
  asker: '会**',
  expert_name: '陈立文',
  useful_count: 3,
  asked_at: '2025-09-26T02:30:00.000Z',
  answered_at: '2025-09-26T05:30:00.000Z',
  ...over,
});

const thread = (over: Partial<MyThread> = {}): MyThread => ({
  id: 5,
  title: '年终奖单独计税政策延续到什么时候',
  category: '个人所得税',
  state: 'waiting',
  is_public: true,
  hidden: false,
  asked_at: '2025-09-26T02:30:00.000Z',
  due_at: '2025-09-29T02:30:00.000Z',
  answered_at: null,
  rating: null,
  open_follow_ups: 0,
  body: '公司计划在1月发放年终奖。',
  images: [],
  answer: null,
  follow_ups: [],
  follow_ups_left: 3,
  useful_count: 0,
  ...over,
});

describe('/center/quizQuestion', () => {
  it('shows the count left for a non-member, suggests similar answered questions, and names empty fields in Chinese', async () => {
    const searched: unknown[] = [];
    const api = mockApi({
      'GET /api/quiz/quota': ok({ is_member: false, limit: 3, used: 1, left: 2 }),
      'GET /api/quiz/similar': (config) => {
        searched.push(config.params);
        return ok([card()]);
      },
    });
    renderScreen('/center/quizQuestion', <AskPage />, '/center/quizQuestion', { session });
    expect(await screen.findByText('非会员每月可提问3次，本月还可提问 2 次。')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('问题标题'), { target: { value: '年终奖单独计税' } });
    const list = await screen.findByRole('list', { name: '相似问题' });
    expect(
      within(list).getByRole('link', { name: '年终奖还能选择单独计税吗？政策到哪年截止' }),
    ).toHaveAttribute('href', '/quiz/7');
    expect(searched).toContainEqual({ text: '年终奖单独计税' });

    fireEvent.click(screen.getByRole('button', { name: '提交问题' }));
    expect(await screen.findByText('请选择问题分类')).toBeInTheDocument();
    expect(await screen.findByText('请描述您的问题')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('disables sending when the month’s count is used up', async () => {
    mockApi({ 'GET /api/quiz/quota': ok({ is_member: false, limit: 3, used: 3, left: 0 }) });
    renderScreen('/center/quizQuestion', <AskPage />, '/center/quizQuestion', { session });
    expect(await screen.findByText('非会员每月可提问3次，本月还可提问 0 次。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交问题' })).toBeDisabled();
  });
});

describe('/center/quizInfo', () => {
  it('shows the due time while waiting, then the answer, a follow-up box and the rating once answered', async () => {
    let current = thread();
    const api = mockApi({
      'GET /api/quiz/mine/5': () => ok(current),
      'POST /api/quiz/mine/5/rate': () => {
        current = { ...current, rating: 4 };
        return ok(current, '感谢您的评价');
      },
    });
    const { unmount } = renderScreen('/center/quizInfo', <ThreadPage />, '/center/quizInfo?id=5', {
      session,
    });
    expect(await screen.findByText('等待专家解答')).toBeInTheDocument();
    expect(screen.getByText('最晚解答时间')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '评价解答' })).toBeNull();
    unmount();

    current = thread({
      state: 'answered',
      answered_at: '2025-09-26T06:00:00.000Z',
      answer: {
        html: '<p>可以<strong>单独计税</strong>。</p>',
        references: [
          {
            title: '关于延续实施全年一次性奖金个人所得税政策的公告',
            doc_no: '财政部 税务总局公告2023年第30号',
            url: '',
          },
        ],
        answered_at: '2025-09-26T06:00:00.000Z',
        expert: {
          id: 1,
          name: '陈立文',
          title: '注册税务师',
          organisation: '中原财税研究院',
          photo: null,
          fields: ['个人所得税'],
          introduction: '从事税务咨询二十余年。',
        },
      },
    });
    renderScreen('/center/quizInfo', <ThreadPage />, '/center/quizInfo?id=5', { session });
    expect(await screen.findByText('单独计税')).toBeInTheDocument();
    expect(screen.getByText('（财政部 税务总局公告2023年第30号）')).toBeInTheDocument();
    expect(screen.getByLabelText('追问内容')).toBeInTheDocument();
    const rating = screen.getByRole('region', { name: '评价解答' });
    fireEvent.click(within(rating).getAllByRole('radio')[3]!);
    fireEvent.click(within(rating).getByRole('button', { name: '提交评价' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/api/quiz/mine/5/rate')?.body).toEqual({ rating: 4 }),
    );
    expect(await screen.findByText('您已评价 4 分')).toBeInTheDocument();
  });
});

describe('/quiz', () => {
  it('lists answered questions with masked askers and filters by category and keyword through the address', async () => {
    const seen: unknown[] = [];
    mockApi({
      'GET /api/quiz/questions': (config) => {
        seen.push(config.params);
        return ok({ list: [card()], total: 1, page: 1, per: 10 });
      },
      'GET /api/quiz/tags': ok([{ name: '年终奖', count: 3 }]),
    });
    const { router } = renderScreen('/quiz', <QuizPage />, '/quiz?keyword=年终奖');
    const link = await screen.findByRole('link', { name: '年终奖还能选择单独计税吗？政策到哪年截止' });
    expect(link).toHaveAttribute('href', '/quiz/7');
    expect(screen.getByText('提问：会**')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ keyword: '年终奖', sort: 'newest', page: 1 });

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '问题分类' })).getByRole('button', { name: '增值税' }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('category='));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ category: '增值税', keyword: '年终奖' }));
  });
});

describe('/quiz/:id', () => {
  const detail: QuizDetail = {
    id: 7,
    title: '年终奖还能选择单独计税吗？政策到哪年截止',
    category: '个人所得税',
    tags: ['年终奖'],
    body: '公司准备在明年1月发放年终奖，想确认能否单独计税。',
    images: [],
    asker: '会**',
    asked_at: '2025-09-26T02:30:00.000Z',
    answer: null,
    follow_ups: [],
    useful_count: 3,
    voted: false,
    related: [],
  };

  it('offers 举报 to logged-in viewers only, and shows the refusal to report one’s own question as a notice', async () => {
    mockApi({ 'GET /api/quiz/questions/7': ok(detail) });
    const { unmount } = renderScreen('/quiz/:id', <QuizQuestionPage />, '/quiz/7');
    expect(await screen.findByRole('heading', { name: detail.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '举报' })).toBeNull();
    unmount();

    const api = mockApi({
      'GET /api/quiz/questions/7': ok(detail),
      'POST /api/moderation/reports': { code: 400, message: moderationMessages.ownContent, data: null },
    });
    renderScreen('/quiz/:id', <QuizQuestionPage />, '/quiz/7', { session });
    fireEvent.click(await screen.findByRole('button', { name: '举报' }));
    const dialog = await screen.findByRole('dialog', { name: '举报问题' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '虚假或误导信息' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /提交举报/ }));
    expect(await screen.findByText(moderationMessages.ownContent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '举报问题' })).toBeNull());
    expect(api.calls.find((c) => c.url === '/api/moderation/reports')?.body).toMatchObject({
      kind: 'question',
      id: 7,
    });
  });

  it('is drawn without antd for a visitor, and the useful vote asks a visitor to log in first', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/quiz/questions/7': ok(detail),
    });
    const { router } = renderRoute('/quiz/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: detail.title }, { timeout: 25_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '面包屑' })).toHaveTextContent('在线问答/个人所得税');
    expect(document.body.querySelector('[class*="ant-"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /有用（3）/ }));
    // The login screen is lazy: the address changes once it has loaded.
    await waitFor(() => expect(currentUrl(router)).toMatch(/^\/login\?redirect=/), { timeout: 25_000 });
  });
});
