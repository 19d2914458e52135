import type { Dashboard, DashboardDay } from '@app/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { chinaDay } from '../../lib/china-time';
import { examsFigures } from '../exams';
import { learningFigures } from '../learning';
import { membersFigures } from '../members';
import { qaFigures } from '../qa';
import { recruitingFigures } from '../recruiting';
import { talentFigures } from '../talent';
import { accountFigures } from '../users';

export const DASHBOARD_DAYS = 30;

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The /admin home. Every figure is an index range or a read of pre-aggregated daily rows (learning and sales totals
 * are kept by triggers), so the cost does not grow with the platform's history: at most 31 days of rows per series.
 */
export function createDashboard({ db, clock }: { db: Db; clock: Clock }) {
  return async function dashboard(opts: { sales: boolean }): Promise<Dashboard> {
    const now = clock.now();
    const today = chinaDay(now);
    const monthStart = `${today.slice(0, 8)}01`;
    const from = addDays(today, -(DASHBOARD_DAYS - 1));
    const rangeStart = monthStart < from ? monthStart : from;

    const [registrations, learning, monthLearners, sales, qa, stars, reviews, invoices, grading] = await Promise.all([
      accountFigures.registrationsByDay(db, rangeStart, today),
      learningFigures.dayTotals(db, rangeStart, today),
      learningFigures.monthLearners(db, monthStart),
      opts.sales ? membersFigures.dailySales(db, rangeStart, today) : Promise.resolve(null),
      qaFigures.openQuestions(db, now),
      talentFigures.pendingStars(db),
      recruitingFigures.pendingReviews(db),
      membersFigures.pendingInvoices(db),
      examsFigures.pendingGrading(db),
    ]);
    const learningOf = new Map(learning.map((r) => [r.day, r]));
    const salesOf = new Map((sales ?? []).map((r) => [r.day, r]));

    const days: DashboardDay[] = [];
    for (let d = rangeStart; d <= today; d = addDays(d, 1)) {
      const l = learningOf.get(d);
      const s = salesOf.get(d);
      days.push({
        day: d,
        registrations: registrations.get(d) ?? 0,
        active_learners: Number(l?.learners ?? 0),
        learning_seconds: Number(l?.seconds ?? 0),
        paid_orders: sales ? Number(s?.paid_orders ?? 0) : null,
        revenue: sales ? Number(s?.revenue ?? 0) : null,
      });
    }
    const todayRow = days[days.length - 1]!;
    const monthRows = days.filter((d) => d.day >= monthStart);
    const sum = (pick: (d: DashboardDay) => number | null, rows = monthRows) =>
      rows.reduce((n, d) => n + (pick(d) ?? 0), 0);
    const conversions = (rows: typeof sales) => (rows ?? []).reduce((n, r) => n + Number(r.member_conversions), 0);

    return {
      today,
      month: today.slice(0, 7),
      registrations: { today: todayRow.registrations, month: sum((d) => d.registrations) },
      active_learners: { today: todayRow.active_learners, month: monthLearners },
      learning_seconds: { today: todayRow.learning_seconds, month: sum((d) => d.learning_seconds) },
      sales: sales
        ? {
            paid_orders: { today: todayRow.paid_orders ?? 0, month: sum((d) => d.paid_orders) },
            revenue: { today: todayRow.revenue ?? 0, month: sum((d) => d.revenue) },
            member_conversions: {
              today: conversions(sales.filter((r) => r.day === today)),
              month: conversions(sales.filter((r) => r.day >= monthStart)),
            },
          }
        : null,
      qa,
      pending: {
        stars,
        companies: reviews.companies,
        job_posts: reviews.jobPosts,
        invoices,
        grading,
      },
      series: days.filter((d) => d.day >= from),
    };
  };
}
