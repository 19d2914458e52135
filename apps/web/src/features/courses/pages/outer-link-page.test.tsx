import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { makeCourseDetail } from '../testing/course-fixtures';

const SLOW = { timeout: 25_000 };
const OUTER_URL = 'https://www.chinatax.gov.cn/';

function mockOuter(learners: number) {
  return mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'GET /coursepoolapi/course_pools/tower_show_course': ok(
      makeCourseDetail({ id: 35, title: '国家税务总局纳税服务学堂', kind: 'outer_link', outer_url: OUTER_URL, lessons: [], learner_count: learners }),
    ),
    'POST /coursepoolapi/course_pools/outer_visit': ok({ course_id: 35, outer_url: OUTER_URL, learner_count: learners + 1 }),
  });
}

afterEach(() => vi.restoreAllMocks());

describe('/train/outerlink/:courseId', () => {
  it('records the visit, then sends the tab opened by the click to the outer URL', { timeout: 30_000 }, async () => {
    const api = mockOuter(7);
    const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderRoute('/train/outerlink/35');
    const button = await screen.findByRole('button', { name: /前往学习/ }, SLOW);
    expect(screen.getByText(`链接地址：${OUTER_URL}`)).toBeInTheDocument();
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(OUTER_URL));
    expect(tab.opener).toBeNull();
    const posts = api.calls.filter((c) => c.method === 'POST' && c.url === '/coursepoolapi/course_pools/outer_visit');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ course_id: 35 });
  });

  it('closes the blank tab when the visit cannot be recorded', { timeout: 30_000 }, async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 36, kind: 'outer_link', outer_url: OUTER_URL, lessons: [] })),
      'POST /coursepoolapi/course_pools/outer_visit': { code: 400, message: '该课程不是外部链接课程', data: null },
    });
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderRoute('/train/outerlink/36');
    fireEvent.click(await screen.findByRole('button', { name: /前往学习/ }, SLOW));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });
});
