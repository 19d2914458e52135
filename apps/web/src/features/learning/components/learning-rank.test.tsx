import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RANK_EXACT_LIMIT, RANK_PERIOD_LABELS, RANK_SIZE, type RankData } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/render';
import { LearningRank, RANK_FEW } from './learning-rank';

function rankData(period: RankData['period'], mine: RankData['mine'], size: number = RANK_SIZE): RankData {
  return {
    period,
    since: null,
    list: Array.from({ length: size }, (_, i) => ({
      rank: i + 1,
      user_id: i + 1,
      name: `${period}学员${i + 1}`,
      avatar: null,
      seconds: 36_000 - i * 1800,
    })),
    mine,
  };
}

function renderRank(loggedIn: boolean, size: number = RANK_SIZE) {
  const api = mockApi({
    'GET /api/home_page_rank': (config) => {
      const period = (config.params as { period: RankData['period'] }).period;
      const mine: Record<RankData['period'], NonNullable<RankData['mine']>> = {
        week: { rank: null, seconds: 0, beyond: false },
        month: { rank: 3, seconds: 5400, beyond: false },
        all: { rank: null, seconds: 900, beyond: true },
      };
      return ok(rankData(period, loggedIn ? mine[period] : null, size));
    },
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <LearningRank loggedIn={loggedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('learning-time ranking', () => {
  it('offers the contract’s periods in order, 本周 first', () => {
    renderRank(false);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(Object.values(RANK_PERIOD_LABELS));
    expect(screen.getByRole('tab', { name: '本周' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists the top ten, switches period and says where I stand (未上榜, 第N名, beyond the counted places)', async () => {
    const api = renderRank(true);
    expect(await screen.findByText('week学员1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(RANK_SIZE);
    expect(screen.getByText('未上榜')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '本月' }));
    expect(await screen.findByText('month学员1')).toBeInTheDocument();
    expect(screen.getByText('第3名')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '总榜' }));
    expect(await screen.findByText('all学员1')).toBeInTheDocument();
    expect(screen.getByText(`${RANK_EXACT_LIMIT}名以外`)).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/home_page_rank',
      '/api/home_page_rank',
      '/api/home_page_rank',
    ]);
  });

  it('invites a visitor to log in for the own rank', async () => {
    renderRank(false);
    await screen.findByText('week学员1');
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login?redirect=%2F');
  });

  it('shows learning time in Chinese units, never a clock form', async () => {
    renderRank(true);
    expect(await screen.findByText('week学员1')).toBeInTheDocument();
    expect(screen.getByText('10小时')).toBeInTheDocument();
    expect(screen.getByText('9.5小时')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '本月' }));
    expect(await screen.findByText('学习 1.5小时')).toBeInTheDocument();
  });

  it('lets a full board match the tag board beside it, with no invitation', async () => {
    renderRank(false);
    await screen.findByText('week学员1');
    expect(screen.queryByRole('link', { name: '课程中心' })).toBeNull();
    expect(document.querySelector('.learning-rank--few')).toBeNull();
  });

  it('shows a short board as it is, with an invitation to the course centre, at its own height', async () => {
    renderRank(false, 1);
    expect(await screen.findByText('week学员1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/本周上榜的学员还不多/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '课程中心' })).toHaveAttribute('href', '/train');
    expect(document.querySelector('.learning-rank--few')).not.toBeNull();
    expect(RANK_FEW).toBeLessThan(RANK_SIZE);
  });

  it('says when nobody has learned yet in the period and still points to the course centre', async () => {
    renderRank(false, 0);
    expect(await screen.findByText(/本周还没有学习记录/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '课程中心' })).toHaveAttribute('href', '/train');
  });
});
