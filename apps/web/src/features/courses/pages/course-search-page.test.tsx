import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { makeCourse, makeTagTree } from '../testing/course-fixtures';

// The first visit of a lazy screen transforms it (and antd) in vitest: slow on a busy machine.
const SLOW = { timeout: 25_000 };

function mockCourses(results: ReturnType<typeof makeCourse>[]) {
  return mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'GET /coursepoolapi/course_pools/tower_tag_list': ok(makeTagTree()),
    'GET /coursepoolapi/course_pools': (config) => {
      const q = config.params as { keyword?: string; per: number };
      const list = q.keyword ? results : [makeCourse({ id: 90, title: '热门：成本管控' })];
      return ok({ list, total: list.length, page: 1, per: q.per });
    },
  });
}

describe('/courseSearch', () => {
  it('lists the matches with the term highlighted, linking to the course page', { timeout: 30_000 }, async () => {
    const api = mockCourses([makeCourse({ id: 11, title: '全面预算管理实务' }), makeCourse({ id: 12, title: '预算考核与激励' })]);
    renderRoute('/courseSearch?courseName=%E9%A2%84%E7%AE%97');
    const list = await screen.findByRole('list', { name: '搜索结果' }, SLOW);
    expect([...list.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['预算', '预算']);
    const title = within(list).getAllByRole('heading')[0]!;
    expect(title).toHaveTextContent('全面预算管理实务');
    expect(within(title).getByRole('link')).toHaveAttribute('href', '/train/detail/11');
    expect(api.calls.some((c) => c.url === '/coursepoolapi/course_pools')).toBe(true);
  });

  it('suggests popular tags and hot courses when nothing matches', async () => {
    mockCourses([]);
    renderRoute('/courseSearch?courseName=%E5%8C%BA%E5%9D%97%E9%93%BE');
    expect(await screen.findByText(/没有找到与“区块链”相关的课程/, {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '成本管理' })).toHaveAttribute('href', '/train?tag=22');
    expect(await screen.findByRole('link', { name: '热门：成本管控' })).toBeInTheDocument();
  });
});
