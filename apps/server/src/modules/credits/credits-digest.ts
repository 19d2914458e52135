import { eq, sql } from 'drizzle-orm';
import {
  CREDIT_CATEGORY_LABELS,
  CREDIT_DIGEST_FROM_HOUR,
  CREDIT_DIGEST_SUGGESTIONS,
  CREDIT_DIGEST_TITLE,
  CREDIT_DIGEST_UNTIL_HOUR,
  creditText,
  creditsMessages,
  evaluateCreditYear,
  formatLearnDuration,
  maskPhone,
  type CreditCategory,
  type CreditDigestSettings,
  type CreditYearFigures,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import type { LearningDigestSmsParams, SmsNotices } from '../auth';
import { learningRecord } from '../learning';
import type { MessagesService } from '../messages';
import { users } from '../users';
import { creditsDigestSettings, creditsDigestWeeks, creditsDigests } from './credits-digest.table';
import { chinaYearOf, ruleFor, ruleTerms } from './credits.service';
import { creditSuggestions, preferredCategory, type CreditSuggestion } from './credits-suggestions';
import { creditsGrants, creditsProfiles, type CreditRuleRow } from './credits.table';

/** How often each process looks for digests to send (a week's walk resumes where the last batch ended). */
export const DIGEST_INTERVAL_MS = 5 * 60_000;
/** Learners looked at per transaction. */
const BATCH = 200;
/** Titles of finished courses named in a digest before "等N门". */
const TITLES_SHOWN = 3;
const DAY_MS = 86_400_000;

// ---- China-time weeks -------------------------------------------------------------------------------------------

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** ISO 8601 week of a calendar day (YYYY-MM-DD): the week belongs to the year of its Thursday. */
export function isoWeekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const monday = (new Date(t).getUTCDay() + 6) % 7;
  const thursday = new Date(t + (3 - monday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface DigestPeriod {
  /** The ISO week reported on (last week), the key of each learner's one digest. */
  week: string;
  /** Its Monday (China time). */
  from: string;
  /** The Monday after it (not included): this week's Monday. */
  to: string;
}

/**
 * The week a run at `now` reports on: the previous Monday-to-Sunday, China time. Null outside 09:00-20:00 China
 * time: no digest is sent at night. Every day of the week maps to the same period, so a week whose Monday passed
 * without a run still gets its digests, once, on a later day's daytime hours; the next Monday starts the next week.
 */
export function digestPeriod(now: Date): DigestPeriod | null {
  const china = new Date(now.getTime() + 8 * 3_600_000);
  const hour = china.getUTCHours();
  if (hour < CREDIT_DIGEST_FROM_HOUR || hour >= CREDIT_DIGEST_UNTIL_HOUR) return null;
  const today = china.toISOString().slice(0, 10);
  const monday = addDays(today, -((china.getUTCDay() + 6) % 7));
  const from = addDays(monday, -7);
  return { week: isoWeekOf(from), from, to: monday };
}

// ---- the message --------------------------------------------------------------------------------------------------

export interface DigestFacts {
  period: Pick<DigestPeriod, 'from' | 'to'>;
  /** Learning seconds and finished courses of the period. */
  seconds: number;
  finished: readonly string[];
  /** Credits (tenths) granted in the period. */
  weekCredits: number;
  year: number;
  rule: CreditRuleRow | null;
  figures: CreditYearFigures;
  suggestions: readonly CreditSuggestion[];
}

const credits = (tenths: number) => `${creditText(tenths)}学分`;

/** The digest's text in the message centre, one line per subject. */
export function digestText(f: DigestFacts): string {
  const lines: string[] = [];
  const span = `上周（${f.period.from}至${addDays(f.period.to, -1)}）`;
  if (f.seconds === 0 && f.finished.length === 0 && f.weekCredits === 0) lines.push(`${span}您没有学习记录。`);
  else {
    const parts = [`学习${formatLearnDuration(f.seconds)}`];
    if (f.finished.length > 0) {
      const named = f.finished.slice(0, TITLES_SHOWN).map((t) => `《${t}》`).join('、');
      parts.push(`完成课程${f.finished.length}门（${named}${f.finished.length > TITLES_SHOWN ? '等' : ''}）`);
    }
    if (f.weekCredits > 0) parts.push(`获得继续教育学分${credits(f.weekCredits)}`);
    lines.push(`${span}您${parts.join('，')}。`);
  }

  const { figures: y } = f;
  const earned = `${f.year}年度继续教育学分：已获${credits(y.total)}（${CREDIT_CATEGORY_LABELS.professional}${credits(y.professional)}，${CREDIT_CATEGORY_LABELS.public}${credits(y.public)}）`;
  if (!f.rule) lines.push(`${earned}。`);
  else {
    const minimums = [
      y.required.professional > 0 ? `${CREDIT_CATEGORY_LABELS.professional}不少于${credits(y.required.professional)}` : null,
      y.required.public > 0 ? `${CREDIT_CATEGORY_LABELS.public}不少于${credits(y.required.public)}` : null,
    ].filter(Boolean);
    const rule = `${f.rule.region ?? '全国'}规则要求${credits(y.required.total)}${minimums.length ? `（${minimums.join('，')}）` : ''}`;
    lines.push(`${earned}；${rule}。`);
    if (y.met) lines.push('本年度已达标，继续保持。');
    else {
      const missing = [
        y.missing.total > 0 ? `总学分${credits(y.missing.total)}` : null,
        y.missing.professional > 0 ? `${CREDIT_CATEGORY_LABELS.professional}${credits(y.missing.professional)}` : null,
        y.missing.public > 0 ? `${CREDIT_CATEGORY_LABELS.public}${credits(y.missing.public)}` : null,
      ].filter(Boolean);
      lines.push(`尚未达标，还差${missing.join('、')}。`);
    }
    lines.push(`学分折算申报截止日期：${f.rule.filingDeadline}。`);
  }
  if (f.suggestions.length > 0)
    lines.push(`推荐课程：${f.suggestions.map((s) => `《${s.title}》（${CREDIT_CATEGORY_LABELS[s.category]}${credits(s.credits)}）`).join('、')}。`);
  lines.push('详情可在“学分档案”中查看。');
  return lines.join('\n');
}

function smsParams(f: DigestFacts): LearningDigestSmsParams {
  return {
    time: formatLearnDuration(f.seconds),
    courses: String(f.finished.length),
    year: String(f.year),
    credits: creditText(f.figures.total),
    missing: creditText(f.figures.missing.total),
    deadline: f.rule?.filingDeadline ?? '',
  };
}

// ---- the job ------------------------------------------------------------------------------------------------------

export interface DigestRunResult {
  /** Null outside daytime hours (nothing done). */
  week: string | null;
  /** Message-centre digests written by this run. */
  sent: number;
  /** SMS handed to the provider by this run, and those it did not send (limits, provider failure, no template). */
  sms: Record<'sent' | 'failed' | 'limited' | 'unavailable', number>;
  /** The week's walk over the learners has ended (by this run or an earlier one). */
  done: boolean;
}

interface Candidate {
  id: number;
  region: string | null;
  sms: boolean;
  professional: number;
  public: number;
  week_credits: number;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The weekly learning digest. `run()` is called by every process every few minutes (and directly by tests); it does
 * nothing outside daytime hours, walks the personal accounts in id order in batches, and for each learner with
 * learning last week or a year not yet met writes one message. The week's row in credits_digest_weeks is the claim:
 * the process holding it (FOR UPDATE SKIP LOCKED) works one batch and moves the cursor in the same transaction as the
 * messages, while another process finds it taken and leaves the week to it; the (learner, week) key of
 * credits_digests is the second guard, so a restart, a crash mid-batch or a second process never sends twice.
 * SMS go after the batch commits (a provider call is never inside a transaction), each claimed first.
 */
export function createWeeklyDigest(deps: { db: Db; clock: Clock; messages: MessagesService; sms: SmsNotices; log: Log }) {
  const { db, clock, messages, sms, log } = deps;
  let stopped = false;

  /** One batch of learners, or null when another process holds the week. */
  async function batch(period: DigestPeriod, rules: Map<string, CreditRuleRow | null>): Promise<{ sent: number; done: boolean } | null> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      await tx
        .insert(creditsDigestWeeks)
        .values({ week: period.week, afterUserId: 0, startedAt: now })
        .onConflictDoNothing();
      const [claim] = await rowsOf<{ after_user_id: number; done_at: Date | null }>(
        tx,
        sql`SELECT after_user_id, done_at FROM ${creditsDigestWeeks} WHERE week = ${period.week} FOR UPDATE SKIP LOCKED`,
      );
      if (!claim) return null;
      if (claim.done_at) return { sent: 0, done: true };

      const year = chinaYearOf(now);
      const from = new Date(`${period.from}T00:00:00+08:00`);
      const to = new Date(`${period.to}T00:00:00+08:00`);
      const batchRows = await rowsOf<Candidate>(
        tx,
        sql`SELECT u.id, p.region, coalesce(s.sms, false) AS sms,
                   coalesce(y.professional, 0)::int AS professional, coalesce(y.public, 0)::int AS public,
                   coalesce(w.credits, 0)::int AS week_credits
              FROM ${users} u
              LEFT JOIN ${creditsProfiles} p ON p.user_id = u.id
              LEFT JOIN ${creditsDigestSettings} s ON s.user_id = u.id
              LEFT JOIN LATERAL (SELECT sum(g.credits) FILTER (WHERE g.category = 'professional') AS professional,
                                        sum(g.credits) FILTER (WHERE g.category = 'public') AS public
                                   FROM ${creditsGrants} g
                                  WHERE g.user_id = u.id AND g.year = ${year} AND g.withdrawn_at IS NULL) y ON true
              LEFT JOIN LATERAL (SELECT sum(g.credits) AS credits FROM ${creditsGrants} g
                                  WHERE g.user_id = u.id AND g.withdrawn_at IS NULL
                                    AND g.granted_at >= ${from}::timestamptz AND g.granted_at < ${to}::timestamptz) w ON true
             WHERE u.role = 'personal' AND NOT u.disabled AND u.id > ${claim.after_user_id}
             ORDER BY u.id
             LIMIT ${BATCH}`,
      );
      const activity = new Map(
        (await learningRecord.activityBetween(tx, batchRows.map((c) => c.id), period.from, period.to)).map((a) => [a.user_id, a]),
      );

      const chosen: { c: Candidate; facts: Omit<DigestFacts, 'suggestions'>; prefer: CreditCategory }[] = [];
      for (const c of batchRows) {
        const key = c.region ?? '';
        if (!rules.has(key)) rules.set(key, await ruleFor(tx, year, c.region));
        const rule = rules.get(key) ?? null;
        const figures = evaluateCreditYear(
          rule ? ruleTerms(rule) : { required_total: 0, professional_min: null, professional_share: null, public_min: null },
          [
            { category: 'professional', credits: c.professional },
            { category: 'public', credits: c.public },
          ],
        );
        const a = activity.get(c.id);
        const seconds = a?.seconds ?? 0;
        const finished = a?.finished ?? [];
        const active = seconds > 0 || finished.length > 0 || c.week_credits > 0;
        const unmet = rule !== null && !figures.met;
        if (!active && !unmet) continue;
        chosen.push({
          c,
          facts: { period, seconds, finished, weekCredits: c.week_credits, year, rule, figures },
          prefer: preferredCategory(figures),
        });
      }
      const suggestions = await creditSuggestions(
        tx,
        chosen.filter((x) => x.facts.rule && !x.facts.figures.met).map((x) => ({ userId: x.c.id, prefer: x.prefer })),
        CREDIT_DIGEST_SUGGESTIONS,
      );

      let sent = 0;
      if (chosen.length > 0) {
        const texts = new Map<number, string>();
        const withSms = chosen.map((x) => {
          const facts = { ...x.facts, suggestions: suggestions.get(x.c.id) ?? [] };
          texts.set(x.c.id, digestText(facts));
          return x.c.sms && facts.rule ? { id: x.c.id, params: smsParams(facts) } : { id: x.c.id };
        });
        const claimed = await rowsOf<{ user_id: number }>(
          tx,
          sql`INSERT INTO ${creditsDigests} (user_id, week, sent_at, sms, sms_params)
              SELECT u.id, ${period.week}, ${now}::timestamptz, CASE WHEN u.params IS NULL THEN NULL ELSE 'pending' END, u.params
                FROM jsonb_to_recordset(${JSON.stringify(withSms)}::jsonb) AS u(id int, params jsonb)
              ON CONFLICT DO NOTHING
              RETURNING user_id`,
        );
        for (const { user_id } of claimed) await messages.send(user_id, CREDIT_DIGEST_TITLE, texts.get(user_id)!, tx);
        sent = claimed.length;
      }

      const done = batchRows.length < BATCH;
      await tx
        .update(creditsDigestWeeks)
        .set({ afterUserId: batchRows.at(-1)?.id ?? claim.after_user_id, doneAt: done ? now : null })
        .where(eq(creditsDigestWeeks.week, period.week));
      return { sent, done };
    });
  }

  /** Sends the week's pending SMS (this run's and any a stopped process left), each claimed before the call. */
  async function sendPendingSms(week: string, tally: DigestRunResult['sms']): Promise<void> {
    for (;;) {
      if (stopped || digestPeriod(clock.now())?.week !== week) return;
      const claimed = await rowsOf<{ user_id: number; phone: string; sms_params: LearningDigestSmsParams }>(
        db,
        sql`UPDATE ${creditsDigests} d SET sms = 'sending', sms_at = ${clock.now()}::timestamptz
              FROM ${users} u
             WHERE u.id = d.user_id AND d.week = ${week}
               AND d.user_id IN (SELECT user_id FROM ${creditsDigests}
                                  WHERE week = ${week} AND sms = 'pending'
                                  ORDER BY user_id LIMIT 50 FOR UPDATE SKIP LOCKED)
            RETURNING d.user_id, u.phone, d.sms_params`,
      );
      if (claimed.length === 0) return;
      for (const row of claimed) {
        const outcome = await sms.send({ phone: row.phone, kind: 'learning_digest', params: row.sms_params });
        tally[outcome]++;
        await db
          .update(creditsDigests)
          .set({ sms: outcome, smsAt: clock.now() })
          .where(sql`${creditsDigests.userId} = ${row.user_id} AND ${creditsDigests.week} = ${week}`);
      }
    }
  }

  return {
    /** One pass: the current week's remaining batches while daytime lasts, then its pending SMS. */
    async run(): Promise<DigestRunResult> {
      const result: DigestRunResult = { week: null, sent: 0, sms: { sent: 0, failed: 0, limited: 0, unavailable: 0 }, done: false };
      const period = digestPeriod(clock.now());
      if (!period) return result;
      result.week = period.week;
      const rules = new Map<string, CreditRuleRow | null>();
      while (!stopped && digestPeriod(clock.now())?.week === period.week) {
        const b = await batch(period, rules);
        if (!b) break; // another process is on this week
        result.sent += b.sent;
        await sendPendingSms(period.week, result.sms);
        if (b.done) {
          result.done = true;
          break;
        }
      }
      if (result.sms.failed > 0) log.warn({ week: period.week, failed: result.sms.failed }, 'weekly digest sms failed for some learners');
      return result;
    },
    /** Stops between batches (the app's onClose). */
    stop() {
      stopped = true;
    },
  };
}
export type WeeklyDigest = ReturnType<typeof createWeeklyDigest>;

// ---- the opt-in ---------------------------------------------------------------------------------------------------

/** The member's SMS choice for the digest (personal accounts only). */
export function createDigestSettings({ db, clock }: { db: Db; clock: Clock }) {
  function personal(user: AuthUser) {
    if (user.role !== 'personal') throw AppError.forbidden(creditsMessages.companyNotApplicable);
  }
  async function read(ex: Executor, userId: number): Promise<CreditDigestSettings> {
    const [row] = await ex
      .select({ phone: users.phone, sms: creditsDigestSettings.sms })
      .from(users)
      .leftJoin(creditsDigestSettings, eq(creditsDigestSettings.userId, users.id))
      .where(eq(users.id, userId));
    return { sms: row?.sms ?? false, phone: row ? maskPhone(row.phone) : '' };
  }
  return {
    async get(user: AuthUser): Promise<CreditDigestSettings> {
      personal(user);
      return read(db, user.id);
    },
    async save(user: AuthUser, on: boolean): Promise<CreditDigestSettings> {
      personal(user);
      await db
        .insert(creditsDigestSettings)
        .values({ userId: user.id, sms: on, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: creditsDigestSettings.userId, set: { sms: on, updatedAt: clock.now() } });
      return read(db, user.id);
    },
  };
}
