import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/help-center'), 120_000);


describe('help centre', () => {
  it('selects the group named by classifyName and opens the problem named by name', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    const query = new URLSearchParams({ classifyName: '学员指南', name: '学员指南问题2' });
    renderRoute(`/help-center?${query.toString()}`);
    const tab = await screen.findByRole('tab', { name: '学员指南' }, SLOW);
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByText('学员指南问题2的解答第一段。')).toBeVisible();
    expect(screen.queryByText('学员指南问题1的解答第一段。')).not.toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(document.getElementById('help-problem-202')));
  });

  it('falls back to the first group when classifyName is unknown', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    renderRoute('/help-center?classifyName=不存在');
    const tab = await screen.findByRole('tab', { name: '用户指南' }, SLOW);
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
  });

  it('shows a retry when the problems cannot be loaded', async () => {
    mockApi({ 'GET /api/problems': { code: 500, message: '服务器开小差了，请稍后再试', data: null }, 'GET /api/common_data': ok(makeCommonData()) });
    renderRoute('/help-center');
    expect(await screen.findByText('帮助内容加载失败', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
