import { useState } from 'react';
import { Link } from 'react-router';
import { RANK_EXACT_LIMIT, type RankData, type RankPeriod } from '@app/contracts';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { useRank } from '../api/use-learning';
import './learning-rank.css';

// Labels of RANK_PERIOD_LABELS; the rules module is not imported so home stays small (pure data, kept in sync by learning-rank.test.tsx).
const PERIODS: { value: RankPeriod; label: string }[] = [
  { value: 'week', label: '本周' },
  { value: 'month', label: '本月' },
  { value: 'all', label: '总榜' },
];

/** Fewer places than this and the board says so and invites learners to the course centre. */
export const RANK_FEW = 5;

const PERIOD_WORDS: Record<RankPeriod, string> = { week: '本周', month: '本月', all: '目前' };

/** The line under a short (or empty) board: what it means and where to start learning. */
function RankInvite({ period, count }: { period: RankPeriod; count: number }) {
  return (
    <p className="learning-rank__invite">
      {count === 0 ? `${PERIOD_WORDS[period]}还没有学习记录，` : `${PERIOD_WORDS[period]}上榜的学员还不多，`}
      去<Link to="/train">课程中心</Link>学一门课，你的学习时长也会出现在这里。
    </p>
  );
}

/**
 * Home ranking of learning time: 本周 / 本月 / 总榜, top 10, my place when logged in. antd-free (home). A board with
 * fewer than RANK_FEW places shows what there is and an invitation, at its own height: it does not stretch beside
 * the tag board as an empty box.
 */
export function LearningRank({ loggedIn }: { loggedIn: boolean }) {
  const [period, setPeriod] = useState<RankPeriod>('week');
  const rank = useRank(period, loggedIn);
  const list = rank.data?.list ?? [];
  const few = rank.data !== undefined && list.length < RANK_FEW;

  return (
    <section className={few ? 'learning-rank learning-rank--few' : 'learning-rank'} aria-labelledby="learning-rank-title">
      <header className="learning-rank__head">
        <h2 id="learning-rank-title">学习时长排行</h2>
        <div className="learning-rank__tabs" role="tablist" aria-label="排行周期">
          {PERIODS.map((p) => (
            <button
              key={p.value}
              type="button"
              role="tab"
              id={`rank-tab-${p.value}`}
              aria-selected={p.value === period}
              aria-controls="learning-rank-panel"
              className={p.value === period ? 'is-active' : undefined}
              onClick={() => setPeriod(p.value)}
            >
              {p.label}
            </button>
          ))}
        </div>
      </header>
      <div id="learning-rank-panel" role="tabpanel" aria-labelledby={`rank-tab-${period}`} className="learning-rank__panel">
        {rank.isPending && <p className="learning-rank__empty">加载中…</p>}
        {rank.isError && <p className="learning-rank__empty">排行暂时无法加载</p>}
        {list.length > 0 && (
          <ol className="learning-rank__list">
            {list.map((e) => (
              <li key={e.user_id} className={`learning-rank__item rank-${e.rank <= 3 ? e.rank : 'n'}`}>
                <span className="learning-rank__no">{e.rank}</span>
                <span className="learning-rank__avatar" aria-hidden="true">
                  {e.avatar ? <img src={e.avatar} alt="" loading="lazy" /> : e.name.slice(0, 1)}
                </span>
                <span className="learning-rank__name">{e.name}</span>
                <span className="learning-rank__time">{formatLearnDuration(e.seconds)}</span>
              </li>
            ))}
          </ol>
        )}
        {few && <RankInvite period={period} count={list.length} />}
      </div>
      <footer className="learning-rank__mine">
        {!loggedIn && (
          <>
            <Link to="/login?redirect=%2F">登录</Link>后查看我的排名
          </>
        )}
        {loggedIn && rank.data?.mine && (
          <>
            我的排名：
            <strong>{placeText(rank.data.mine)}</strong>
            <span className="learning-rank__mine-time">学习 {formatLearnDuration(rank.data.mine.seconds)}</span>
          </>
        )}
      </footer>
    </section>
  );
}

/** 第N名; beyond the exactly counted places, N名以外; no learning time in the period, 未上榜. */
export function placeText(mine: NonNullable<RankData['mine']>): string {
  if (mine.rank) return `第${mine.rank}名`;
  return mine.beyond ? `${RANK_EXACT_LIMIT}名以外` : '未上榜';
}
