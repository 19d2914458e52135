import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CREDIT_CATEGORY_LABELS,
  CREDIT_GRANTED_TITLE,
  creditText,
  creditsMessages as m,
  evaluateCreditYear,
  minutesToCredits,
  type CourseCredit,
  type CreditCategory,
  type CreditRule,
  type CreditRuleTerms,
  type CreditSource,
  type MyCreditYear,
  type courseCreditBodySchema,
  type creditRuleBodySchema,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { lockKey, rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import { courses } from '../courses';
import type { MessagesService } from '../messages';
import { creditSuggestions, preferredCategory } from './credits-suggestions';
import { creditsCourseSettings, creditsGrants, creditsProfiles, creditsRules, type CreditRuleRow } from './credits.table';

/** Courses suggested to close a year's gap. */
const SUGGESTIONS = 4;

export const chinaYearOf = (d: Date): number => Number(chinaDay(d).slice(0, 4));

export function toRule(r: CreditRuleRow, createdBy: string | null = null): CreditRule {
  return {
    id: r.id,
    year: r.year,
    region: r.region,
    version: r.version,
    required_total: r.requiredTotal,
    professional_min: r.professionalMin,
    professional_share: r.professionalShareNum !== null && r.professionalShareDen !== null ? [r.professionalShareNum, r.professionalShareDen] : null,
    public_min: r.publicMin,
    minutes_per_credit: r.minutesPerCredit,
    conversions: r.conversions,
    filing_deadline: r.filingDeadline,
    source: r.source,
    created_at: r.createdAt.toISOString(),
    created_by: createdBy,
  };
}

export const ruleTerms = (r: CreditRuleRow): CreditRuleTerms => ({
  required_total: r.requiredTotal,
  professional_min: r.professionalMin,
  professional_share: r.professionalShareNum !== null && r.professionalShareDen !== null ? [r.professionalShareNum, r.professionalShareDen] : null,
  public_min: r.publicMin,
});

/**
 * The rule a member's year follows: the newest version of their region's rule for the year, else the national one;
 * a year staff have not set yet follows the newest national rule of an earlier year, as the regulation stays in force
 * until it changes (docs/decisions.md).
 */
export async function ruleFor(ex: Executor, year: number, region: string | null): Promise<CreditRuleRow | null> {
  const newest = (r: string | null) =>
    ex
      .select()
      .from(creditsRules)
      .where(and(eq(creditsRules.year, year), r === null ? isNull(creditsRules.region) : eq(creditsRules.region, r)))
      .orderBy(desc(creditsRules.version))
      .limit(1);
  if (region !== null) {
    const [own] = await newest(region);
    if (own) return own;
  }
  const [national] = await newest(null);
  if (national) return national;
  const [earlier] = await ex
    .select()
    .from(creditsRules)
    .where(and(isNull(creditsRules.region), sql`${creditsRules.year} < ${year}`))
    .orderBy(desc(creditsRules.year), desc(creditsRules.version))
    .limit(1);
  return earlier ?? null;
}

/**
 * The rules of several years at once, in one statement, with ruleFor's precedence for each year (the region's rule of
 * the year, else the national one, else the newest national rule of an earlier year): the member's earlier years.
 */
export async function rulesFor(ex: Executor, years: readonly number[], region: string | null): Promise<Map<number, CreditRuleRow>> {
  if (years.length === 0) return new Map();
  const rows = await rowsOf<CreditRuleRow & { for_year: number; createdAt: Date | string }>(
    ex,
    sql`SELECT DISTINCT ON (y.year) y.year AS for_year,
               r.id, r.year, r.region, r.version, r.required_total AS "requiredTotal", r.professional_min AS "professionalMin",
               r.professional_share_num AS "professionalShareNum", r.professional_share_den AS "professionalShareDen",
               r.public_min AS "publicMin", r.minutes_per_credit AS "minutesPerCredit", r.conversions,
               r.filing_deadline::text AS "filingDeadline", r.source, r.seed_key AS "seedKey", r.created_at AS "createdAt",
               r.created_by AS "createdBy"
          FROM unnest(${pgArray([...years])}::int[]) AS y(year)
          JOIN ${creditsRules} r
            ON (r.year = y.year AND (r.region IS NULL OR r.region = ${region})) OR (r.region IS NULL AND r.year < y.year)
         ORDER BY y.year, (r.year = y.year) DESC, (r.region IS NOT NULL) DESC, r.year DESC, r.version DESC`,
  );
  return new Map(rows.map(({ for_year, ...r }) => [for_year, { ...r, createdAt: new Date(r.createdAt) }]));
}

export async function regionOf(ex: Executor, userId: number): Promise<string | null> {
  const [row] = await ex.select({ region: creditsProfiles.region }).from(creditsProfiles).where(eq(creditsProfiles.userId, userId));
  return row?.region ?? null;
}

export interface CreditsDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  audit: AuditTrail;
}

/**
 * The credit ledger other areas write to (learning on a finished course, live on attended minutes, exams on a
 * pass): each grant once, in the year of `at` (China time), under the rule that applies to the member then.
 */
export function createCreditLedger({ db, clock, messages }: Pick<CreditsDeps, 'db' | 'clock' | 'messages'>) {
  async function grant(
    ex: Executor,
    g: {
      userId: number;
      category: CreditCategory;
      credits: number;
      source: CreditSource;
      sourceId: number;
      title: string;
      at: Date;
      /** The year the credits count for when it is not `at`'s (a conversion counts in the activity's year). */
      year?: number;
    },
  ): Promise<{ id: number; year: number } | null> {
    if (g.credits <= 0) return null;
    const year = g.year ?? chinaYearOf(g.at);
    const rule = await ruleFor(ex, year, await regionOf(ex, g.userId));
    // Only before any rule exists at all (an installation whose rules were never seeded) is nothing granted.
    if (!rule) return null;
    const [row] = await ex
      .insert(creditsGrants)
      .values({ userId: g.userId, year, category: g.category, credits: g.credits, source: g.source, sourceId: g.sourceId, title: g.title, ruleId: rule.id, grantedAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: creditsGrants.id });
    return row ? { id: row.id, year } : null;
  }

  return {
    /**
     * A live class's attended time as 专业科目 credits at the year's minutes per credit (rounded down to a tenth), in
     * the caller's transaction: one grant per class that grows with the attendance, never shrinks, and stays
     * withdrawn once withdrawn.
     */
    async liveAttended(ex: Executor, v: { userId: number; liveId: number; title: string; seconds: number; at: Date }): Promise<void> {
      const year = chinaYearOf(v.at);
      const rule = await ruleFor(ex, year, await regionOf(ex, v.userId));
      if (!rule) return;
      const credits = minutesToCredits(v.seconds / 60, rule.minutesPerCredit);
      if (credits <= 0) return;
      await ex
        .insert(creditsGrants)
        .values({ userId: v.userId, year, category: 'professional', credits, source: 'live', sourceId: v.liveId, title: v.title, ruleId: rule.id, grantedAt: clock.now() })
        .onConflictDoUpdate({
          target: [creditsGrants.userId, creditsGrants.source, creditsGrants.sourceId],
          set: { credits: sql`GREATEST(${creditsGrants.credits}, excluded.credits)` },
          setWhere: sql`${creditsGrants.withdrawnAt} IS NULL`,
        });
    },

    /** A finished course grants the credits it carries (its setting now), once, and tells the member. */
    async courseFinished(userId: number, courseId: number, at: Date): Promise<void> {
      const [c] = await db
        .select({ title: courses.title, category: creditsCourseSettings.category, credits: creditsCourseSettings.credits })
        .from(creditsCourseSettings)
        .innerJoin(courses, eq(courses.id, creditsCourseSettings.courseId))
        .where(eq(creditsCourseSettings.courseId, courseId));
      if (!c) return;
      await db.transaction(async (tx) => {
        const done = await grant(tx, { userId, category: c.category, credits: c.credits, source: 'course', sourceId: courseId, title: c.title, at });
        if (done)
          await messages.send(
            userId,
            CREDIT_GRANTED_TITLE,
            `您已完成课程《${c.title}》，获得${done.year}年度${CREDIT_CATEGORY_LABELS[c.category]}${creditText(c.credits)}学分，可在“学分档案”中查看本年度学分达标情况。`,
            tx,
          );
      });
    },
    grant,
  };
}
export type CreditLedger = ReturnType<typeof createCreditLedger>;

export function createCreditsService(deps: CreditsDeps) {
  const { db, clock, audit } = deps;

  function personal(user: AuthUser) {
    if (user.role !== 'personal') throw AppError.forbidden(m.companyNotApplicable);
  }

  return {
    async myYear(user: AuthUser, year?: number): Promise<MyCreditYear> {
      personal(user);
      const thisYear = chinaYearOf(clock.now());
      const y = year ?? thisYear;
      const region = await regionOf(db, user.id);
      const rule = (await rulesFor(db, [y], region)).get(y) ?? null;
      const grants = await db
        .select({
          id: creditsGrants.id,
          source: creditsGrants.source,
          title: creditsGrants.title,
          category: creditsGrants.category,
          credits: creditsGrants.credits,
          grantedAt: creditsGrants.grantedAt,
          version: creditsRules.version,
        })
        .from(creditsGrants)
        .innerJoin(creditsRules, eq(creditsRules.id, creditsGrants.ruleId))
        .where(and(eq(creditsGrants.userId, user.id), eq(creditsGrants.year, y), isNull(creditsGrants.withdrawnAt)))
        .orderBy(desc(creditsGrants.grantedAt), desc(creditsGrants.id));
      const terms: CreditRuleTerms = rule ? ruleTerms(rule) : { required_total: 0, professional_min: null, professional_share: null, public_min: null };
      const figures = evaluateCreditYear(terms, grants);

      // Courses that would close the gap, the missing category first (the weekly digest suggests from the same query).
      const suggestions =
        rule && !figures.met && y === thisYear
          ? ((await creditSuggestions(db, [{ userId: user.id, prefer: preferredCategory(figures) }], SUGGESTIONS)).get(user.id) ?? [])
          : [];

      // Earlier years with credits, each under its own year's rule.
      const past = await rowsOf<{ year: number; category: CreditCategory; credits: number }>(
        db,
        sql`SELECT year, category, sum(credits)::int AS credits FROM ${creditsGrants}
             WHERE user_id = ${user.id} AND withdrawn_at IS NULL AND year <> ${y}
             GROUP BY year, category ORDER BY year DESC`,
      );
      const history: MyCreditYear['history'] = [];
      const pastYears = [...new Set(past.map((p) => p.year))];
      const pastRules = await rulesFor(db, pastYears, region);
      for (const yr of pastYears) {
        const r = pastRules.get(yr);
        const rows = past.filter((p) => p.year === yr);
        const f = r ? evaluateCreditYear(ruleTerms(r), rows) : null;
        history.push({ year: yr, total: rows.reduce((s, p) => s + p.credits, 0), met: f ? f.met : null });
      }

      return {
        year: y,
        region,
        rule: rule ? toRule(rule) : null,
        earned: { total: figures.total, professional: figures.professional, public: figures.public },
        required: figures.required,
        missing: figures.missing,
        met: rule !== null && figures.met,
        grants: grants.map((g) => ({
          id: g.id,
          source: g.source,
          title: g.title,
          category: g.category,
          credits: g.credits,
          granted_at: g.grantedAt.toISOString(),
          rule_version: g.version,
        })),
        suggestions,
        history,
      };
    },

    async setRegion(user: AuthUser, region: string | null) {
      personal(user);
      if (region === null) await db.delete(creditsProfiles).where(eq(creditsProfiles.userId, user.id));
      else
        await db
          .insert(creditsProfiles)
          .values({ userId: user.id, region, updatedAt: clock.now() })
          .onConflictDoUpdate({ target: creditsProfiles.userId, set: { region, updatedAt: clock.now() } });
      return { region };
    },

    // ---- staff ---------------------------------------------------------------------------------------------------

    async rules(): Promise<CreditRule[]> {
      const rows = await rowsOf<CreditRuleRow & { by: string | null }>(
        db,
        sql`SELECT r.id, r.year, r.region, r.version, r.required_total AS "requiredTotal", r.professional_min AS "professionalMin",
                   r.professional_share_num AS "professionalShareNum", r.professional_share_den AS "professionalShareDen",
                   r.public_min AS "publicMin", r.minutes_per_credit AS "minutesPerCredit", r.conversions,
                   r.filing_deadline::text AS "filingDeadline", r.source, r.seed_key AS "seedKey", r.created_at AS "createdAt",
                   r.created_by AS "createdBy", coalesce(u.nickname, u.phone) AS by
              FROM ${creditsRules} r LEFT JOIN users u ON u.id = r.created_by
             ORDER BY r.year DESC, r.region NULLS FIRST, r.version DESC`,
      );
      return rows.map((r) => toRule({ ...r, createdAt: new Date(r.createdAt) }, r.by));
    },

    async saveRule(staff: StaffActor, body: z.output<typeof creditRuleBodySchema>): Promise<CreditRule> {
      const row = await db.transaction(async (tx) => {
        // Two staff saving the same year's rule at once get consecutive versions, never the same one.
        await lockKey(tx, `credits-rule:${body.year}:${body.region ?? ''}`);
        const [latest] = await tx
          .select({ version: creditsRules.version })
          .from(creditsRules)
          .where(and(eq(creditsRules.year, body.year), body.region === null ? isNull(creditsRules.region) : eq(creditsRules.region, body.region)))
          .orderBy(desc(creditsRules.version))
          .limit(1);
        const [saved] = await tx
          .insert(creditsRules)
          .values({
            year: body.year,
            region: body.region,
            version: (latest?.version ?? 0) + 1,
            requiredTotal: body.required_total,
            professionalMin: body.professional_min,
            professionalShareNum: body.professional_share?.[0] ?? null,
            professionalShareDen: body.professional_share?.[1] ?? null,
            publicMin: body.public_min,
            minutesPerCredit: body.minutes_per_credit,
            conversions: body.conversions,
            filingDeadline: body.filing_deadline,
            source: body.source,
            createdAt: clock.now(),
            createdBy: staff.id,
          })
          .returning();
        await audit.record(tx, staff, { action: 'credit_rule.save', entity: 'credit_rule', entityId: saved!.id, before: latest ?? null, after: body });
        return saved!;
      });
      return toRule(row);
    },

    async courses(): Promise<CourseCredit[]> {
      const rows = await rowsOf<CourseCredit>(
        db,
        sql`SELECT c.id AS course_id, c.title, c.published, (c.total_duration / 60)::int AS duration_minutes,
                   s.category, s.credits
              FROM ${courses} c LEFT JOIN ${creditsCourseSettings} s ON s.course_id = c.id
             ORDER BY c.published DESC, c.id DESC`,
      );
      return rows;
    },

    async saveCourse(staff: StaffActor, courseId: number, body: z.output<typeof courseCreditBodySchema>): Promise<CourseCredit> {
      await db.transaction(async (tx) => {
        const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
        if (!course) throw AppError.notFound(m.courseNotFound);
        const [before] = await tx.select().from(creditsCourseSettings).where(eq(creditsCourseSettings.courseId, courseId));
        if (body.category === null || body.credits === null) await tx.delete(creditsCourseSettings).where(eq(creditsCourseSettings.courseId, courseId));
        else
          await tx
            .insert(creditsCourseSettings)
            .values({ courseId, category: body.category, credits: body.credits, updatedAt: clock.now() })
            .onConflictDoUpdate({ target: creditsCourseSettings.courseId, set: { category: body.category, credits: body.credits, updatedAt: clock.now() } });
        await audit.record(tx, staff, {
          action: 'course_credit.save',
          entity: 'course_credit',
          entityId: courseId,
          before: before ? { category: before.category, credits: before.credits } : null,
          after: body,
        });
      });
      return (await this.courses()).find((c) => c.course_id === courseId)!;
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
