import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArticleCard, ExpertProfileCard } from '@app/contracts/content/articles.schemas';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok, type MockHandler } from '@/testing/mock-api';
import { currentUrl, renderRoute } from '@/testing/render';

// The first visit of a lazy screen transforms it in vitest: slow on a busy machine.
const SLOW = { timeout: 25_000 };

function article(id: number, over: Partial<ArticleCard> = {}): ArticleCard {
  return {
    id,
    kind: 'news',
    title: `关于开展2026年度会计人员继续教育的通知（${id}）`,
    summary: '各会员单位：根据继续教育规定，现将本年度学习安排通知如下。',
    cover: null,
    category: '通知公告',
    tags: [],
    source: '协会秘书处',
    author: '',
    publish_at: '2026-03-02T02:00:00.000Z',
    region: null,
    region_name: null,
    industry: null,
    company_size: null,
    access: 'public',
    view_count: 12,
    ...over,
  };
}

function expert(id: number, name: string, fields: string[]): ExpertProfileCard {
  return {
    id,
    name,
    photo: null,
    title: '正高级会计师',
    organisation: '某大学会计学院',
    fields,
    introduction: '长期从事管理会计研究与企业咨询。',
    works: [],
  };
}

function mockContent(extra: Record<string, MockHandler | ReturnType<typeof ok>> = {}) {
  const asked: Record<string, unknown>[] = [];
  mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'GET /api/articles': (config) => {
      const q = config.params as { kind: string; category?: string; industry?: string; page?: number };
      asked.push({ ...q });
      const list = [
        article(1, {
          kind: q.kind as 'news',
          category: q.category ?? '协会动态',
          industry: q.industry ?? null,
        }),
      ];
      return ok({ list, total: 25, page: q.page ?? 1, per: 10 });
    },
    ...extra,
  });
  return { asked };
}

/** The screen is drawn without antd: no antd class anywhere in the page. */
function expectNoAntd() {
  expect(document.body.querySelector('[class*="ant-"]')).toBeNull();
}

describe('news, case and expert screens', () => {
  it('a news category tab lists that category, keeps it in the address and pages through it', async () => {
    const api = mockContent();
    const { router } = renderRoute('/newsInformation');
    const tab = await screen.findByRole('tab', { name: '政策法规' }, SLOW);
    expect(screen.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab);
    expect(await screen.findByRole('tabpanel', { name: '政策法规' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`/newsInformation?category=${encodeURIComponent('政策法规')}`);
    await screen.findByText('政策法规', { selector: '.plain-tag' });
    expect(api.asked.at(-1)).toMatchObject({ kind: 'news', category: '政策法规' });

    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(currentUrl(router)).toContain('page=3');
    expectNoAntd();
  });

  it('a news search goes into the address and the request', async () => {
    const api = mockContent();
    const { router } = renderRoute('/newsInformation');
    const box = await screen.findByRole('searchbox', { name: '搜索新闻' }, SLOW);
    fireEvent.change(box, { target: { value: '  继续教育 ' } });
    fireEvent.submit(box.closest('form')!);
    expect(currentUrl(router)).toBe(`/newsInformation?keyword=${encodeURIComponent('继续教育')}`);
    await waitFor(() => expect(api.asked.at(-1)).toMatchObject({ kind: 'news', keyword: '继续教育' }));
  });

  it('a case industry filter narrows the list and "all" lifts it', async () => {
    const api = mockContent();
    const { router } = renderRoute('/caseDatabase?page=2');
    const industry = await screen.findByRole('combobox', { name: '行业' }, SLOW);
    fireEvent.change(industry, { target: { value: '制造业' } });
    expect(currentUrl(router)).toBe(`/caseDatabase?industry=${encodeURIComponent('制造业')}`);
    await screen.findByText('制造业', { selector: '.plain-tag' });
    expect(api.asked.at(-1)).toMatchObject({ kind: 'case', industry: '制造业' });
    expect(api.asked.at(-1)).toMatchObject({ page: 1 });
    fireEvent.change(industry, { target: { value: '' } });
    expect(currentUrl(router)).toBe('/caseDatabase');
    expectNoAntd();
  });

  it('a filter the lists do not know (a hand-edited address) filters nothing, as the select and tabs show', async () => {
    const api = mockContent();
    renderRoute(`/caseDatabase?industry=${encodeURIComponent('不存在')}`);
    expect(await screen.findByRole('combobox', { name: '行业' }, SLOW)).toHaveDisplayValue('全部行业');
    await waitFor(() => expect(api.asked.at(-1)).toMatchObject({ kind: 'case' }));
    expect(api.asked.at(-1)).not.toHaveProperty('industry');
  });

  it('an unknown news item says so and leads back to the news list', async () => {
    mockContent({ 'GET /api/articles/999': { code: 404, message: '资讯不存在', data: null } });
    renderRoute('/newsInformation/details?id=999');
    expect(await screen.findByRole('heading', { level: 1, name: '资讯不存在' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回新闻资讯' })).toHaveAttribute('href', '/newsInformation');
  });

  it('the expert list filters by field, and an expert page shows the trail to the list', async () => {
    mockContent({
      'GET /api/experts': (config) => {
        const field = (config.params as { field?: string }).field;
        const all = [expert(1, '王立群', ['管理会计']), expert(2, '陈晓敏', ['税务筹划'])];
        return ok({
          list: all.filter((e) => !field || e.fields.includes(field)),
          fields: ['管理会计', '税务筹划'],
        });
      },
      'GET /api/experts/2': ok({ ...expert(2, '陈晓敏', ['税务筹划']), cases: [], answers: [] }),
    });
    const { router } = renderRoute('/expertDatabase');
    const fields = await screen.findByRole('radiogroup', { name: '专家领域' }, SLOW);
    expect(await screen.findByRole('heading', { name: '王立群' })).toBeInTheDocument();
    fireEvent.click(within(fields).getByRole('radio', { name: '税务筹划' }));
    expect(currentUrl(router)).toBe(`/expertDatabase?field=${encodeURIComponent('税务筹划')}`);
    await waitFor(() => expect(screen.queryByRole('heading', { name: '王立群' })).toBeNull());
    expect(screen.getByRole('heading', { name: '陈晓敏' })).toBeInTheDocument();
    expectNoAntd();

    fireEvent.click(screen.getByRole('link', { name: /陈晓敏/ }));
    const crumbs = await screen.findByRole('navigation', { name: '面包屑' });
    expect(within(crumbs).getByRole('link', { name: '智库专家' })).toHaveAttribute('href', '/expertDatabase');
    expect(await screen.findByRole('heading', { level: 1, name: '陈晓敏' })).toBeInTheDocument();
    expectNoAntd();
  });
});
