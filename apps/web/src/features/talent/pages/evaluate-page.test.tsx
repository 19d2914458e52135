import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import { mockApi, ok } from '@/testing/mock-api';
import EvaluatePage from './evaluate-page';

vi.setConfig({ testTimeout: 60_000 });

describe('/evaluate', () => {
  it('lists the five levels with their requirements and leads to my evaluations', async () => {
    mockApi({
      'GET /api/stars': ok(
        ['一星', '二星', '三星', '四星', '五星'].map((name, i) => ({
          id: i + 1,
          name,
          requirements: `${name}的申请条件`,
          min_learn_hours: (i + 1) * 10,
          min_finished_courses: i + 1,
          min_credentials: i,
        })),
      ),
    });
    const { router } = renderScreen('/evaluate', <EvaluatePage />, '/evaluate');
    expect(await screen.findByText('五星的申请条件')).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').filter((li) => li.classList.contains('evaluate__level')),
    ).toHaveLength(5);
    for (const step of ['申请', '提交材料', '审核', '结果'])
      expect(screen.getByText(step)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '申请星级评价' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/evaluation'));
  });
});
