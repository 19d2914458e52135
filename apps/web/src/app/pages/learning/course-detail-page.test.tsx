import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCourseDetail } from '@/features/courses/testing/course-fixtures';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl, renderRoute } from '@/testing/render';

// The first visit of a lazy screen transforms it in vitest: slow on a busy machine.
const SLOW = { timeout: 25_000 };

function mockCourse() {
  return mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'GET /coursepoolapi/course_pools/tower_show_course': ok(
      makeCourseDetail({ id: 7, title: '全面预算管理实务' }),
    ),
    'GET /api/comments': ok({ list: [], total: 0, page: 1, per: 10 }),
  });
}

describe('/train/detail/:courseId', () => {
  it('draws the course without antd until the comments load, and asks a visitor to log in to favourite it', async () => {
    const api = mockCourse();
    const { router } = renderRoute('/train/detail/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: '全面预算管理实务' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '主讲老师' })).toBeInTheDocument();
    const page = document.querySelector('.course-detail')!;
    // jsdom has no IntersectionObserver: the comments load at once, inside antd's scope.
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/comments')).toBe(true), SLOW);
    expect(page.querySelector('.course-hero [class*="ant-"]')).toBeNull();
    expect(page.querySelector('.course-detail__side [class*="ant-"]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /收藏/ }));
    await waitFor(() => expect(currentUrl(router)).toMatch(/^\/login\?redirect=/), SLOW);
  });

  it('shows the 修订提示 of a standard the course teaches right below the course header', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /coursepoolapi/course_pools/tower_show_course': ok(makeCourseDetail({ id: 7, title: '企业会计准则第14号——收入精讲' })),
      'GET /api/comments': ok({ list: [], total: 0, page: 1, per: 10 }),
      'GET /api/standards/notices': ok({
        items: [{ id: 1, kind: 'standard', name: '企业会计准则第14号——收入', changed_on: '2026-11-20', note: '保证类质量保证费用计入营业成本。' }],
      }),
    });
    renderRoute('/train/detail/7');
    const notice = await screen.findByRole('heading', { name: '本课程依据的准则已修订（2026-11-20）' }, SLOW);
    const region = notice.closest('section')!;
    expect(region.previousElementSibling).toHaveClass('course-hero');
    expect(region.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('says a course that is gone is gone, with the way back to the course list', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /coursepoolapi/course_pools/tower_show_course': { code: 404, message: '课程不存在', data: null },
    });
    renderRoute('/train/detail/8');
    expect(await screen.findByRole('heading', { name: '课程不存在或已下架' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回课程中心' })).toHaveAttribute('href', '/train');
  });
});
