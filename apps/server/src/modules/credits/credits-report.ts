import { PassThrough } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  CREDIT_REGIONS,
  CREDIT_REPORT_EXCEL_HEADERS,
  CREDIT_REPORT_NO_REGION,
  CREDIT_REPORT_STATUS_LABELS,
  CREDIT_SCALE,
  creditsMessages as m,
  evaluateCreditYear,
  maskIdNumber,
  maskPhone,
  type CreditReport,
  type CreditReportRow,
  type creditReportExportQuerySchema,
  type creditReportQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { createTtlCache } from '../../lib/ttl-cache';
import { users } from '../users';
import { ruleFor, ruleTerms } from './credits.service';
import { creditsGrants, creditsProfiles, creditsRules, type CreditRuleRow } from './credits.table';
import { loadExcelJS } from '../../lib/exceljs';

type ReportQuery = z.output<typeof creditReportQuerySchema>;
type ExportQuery = z.output<typeof creditReportExportQuerySchema>;

/** Learners read per statement by the Excel export. */
const EXPORT_BATCH = 1000;

/** The rules of a year: the national one and each region's own. */
type Rules = { national: CreditRuleRow; own: Map<string, CreditRuleRow> };

interface Required {
  total: number;
  professional: number;
  public: number;
}

/**
 * The rules a year is read against, fetched once per region: the national rule (`ruleFor` with no region) and the
 * own rule of each region staff keep one for that year; every other region follows the national one, exactly as
 * `ruleFor` decides for a single member.
 */
async function yearRules(ex: Executor, year: number): Promise<Rules> {
  const national = await ruleFor(ex, year, null);
  if (!national) throw AppError.notFound(m.ruleNotFound);
  const regions = await rowsOf<{ region: string }>(
    ex,
    sql`SELECT DISTINCT region FROM ${creditsRules} WHERE year = ${year} AND region IS NOT NULL`,
  );
  const own = new Map<string, CreditRuleRow>();
  for (const { region } of regions) {
    const rule = await ruleFor(ex, year, region);
    if (rule && rule.region === region) own.set(region, rule);
  }
  return { national, own };
}

/** What a rule requires, as evaluateCreditYear reads it (专业科目 share rounded up, absent minimums 0). */
const requiredBy = (rule: CreditRuleRow): Required => evaluateCreditYear(ruleTerms(rule), []).required;

/**
 * Each region's requirements as the CTE `terms` of the statements below: region '' is the national rule (members
 * without a region, and regions without their own rule).
 */
function termsCte(rules: Rules): SQL {
  const rows = ['', ...CREDIT_REGIONS].map((region) => {
    const r = requiredBy(rules.own.get(region) ?? rules.national);
    return sql`(${region}::text, ${r.total}::int, ${r.professional}::int, ${r.public}::int)`;
  });
  return sql`terms (region, total, professional, public) AS (VALUES ${sql.join(rows, sql`, `)})`;
}

/** The members of a query (u: users): personal, enabled accounts, optionally of one region (or of none). */
function memberFilter(region: string | undefined): SQL {
  const base = sql`u.role = 'personal' AND NOT u.disabled`;
  if (region === undefined) return base;
  if (region === CREDIT_REPORT_NO_REGION) return sql`${base} AND NOT EXISTS (SELECT 1 FROM ${creditsProfiles} p WHERE p.user_id = u.id)`;
  return sql`${base} AND EXISTS (SELECT 1 FROM ${creditsProfiles} p WHERE p.user_id = u.id AND p.region = ${region})`;
}

/** 达标 in SQL: the comparisons of evaluateCreditYear against the member's region's terms (`term('total')` ...). */
const metSql = (professional: SQL, pub: SQL, term: (name: 'total' | 'professional' | 'public') => SQL) =>
  sql`(${professional} + ${pub} >= ${term('total')} AND ${professional} >= ${term('professional')} AND ${pub} >= ${term('public')})`;

interface MemberRow {
  user_id: number;
  real_name: string | null;
  nickname: string | null;
  phone: string;
  id_number: string | null;
  region: string | null;
  professional: number;
  public: number;
  met: boolean;
}

function toRow(r: MemberRow): CreditReportRow {
  return {
    user_id: r.user_id,
    name: r.real_name?.trim() || r.nickname?.trim() || '',
    id_number: r.id_number ? maskIdNumber(r.id_number) : null,
    phone: maskPhone(r.phone),
    region: r.region,
    professional: r.professional,
    public: r.public,
    total: r.professional + r.public,
    met: r.met,
  };
}

const regionOrder = (region: string) => {
  const i = (CREDIT_REGIONS as readonly string[]).indexOf(region);
  return i >= 0 ? i : CREDIT_REGIONS.length;
};

/** How long a year's counts by region are reused (per process): the pager's total may be up to this old. */
const SUMMARY_TTL_MS = 60_000;

/**
 * Members' years one by one in id order: the members are picked first (`after` a cursor or at an offset), then each
 * one's region, sums (through the (user_id, year) index) and terms are looked up, so a page or an export batch costs
 * its own members only, whatever page it is. The terms go in as one JSON object keyed by region ('' national).
 */
function memberRows(rules: Rules, year: number, region: string | undefined, at: { after?: number; offset?: number; limit: number }): SQL {
  const terms = Object.fromEntries(['', ...CREDIT_REGIONS].map((r) => [r, requiredBy(rules.own.get(r) ?? rules.national)]));
  const t = sql`${JSON.stringify(terms)}::jsonb`;
  return sql`
  WITH picked AS MATERIALIZED (
    SELECT u.id FROM ${users} u
     WHERE ${memberFilter(region)} AND u.id > ${at.after ?? 0}
     ORDER BY u.id LIMIT ${at.limit} OFFSET ${at.offset ?? 0})
  SELECT u.id AS user_id, u.real_name, u.nickname, u.phone, u.id_number, pr.region,
         s.professional, s.public, ${metSql(sql`s.professional`, sql`s.public`, (f) => sql.raw(`r.${f}`))} AS met
    FROM picked JOIN ${users} u ON u.id = picked.id
    LEFT JOIN LATERAL (SELECT p.region FROM ${creditsProfiles} p WHERE p.user_id = u.id) pr ON true
    CROSS JOIN LATERAL (
          SELECT coalesce(sum(g.credits) FILTER (WHERE g.category = 'professional'), 0)::int AS professional,
                 coalesce(sum(g.credits) FILTER (WHERE g.category = 'public'), 0)::int AS public
            FROM ${creditsGrants} g
           WHERE g.user_id = u.id AND g.year = ${year} AND g.withdrawn_at IS NULL) s
    CROSS JOIN LATERAL (
          SELECT (j ->> 'total')::int AS total, (j ->> 'professional')::int AS professional, (j ->> 'public')::int AS public
            FROM (SELECT coalesce(${t} -> pr.region, ${t} -> '') AS j) x) r
   ORDER BY u.id`;
}

/**
 * Every member's year at once, set-wise: the year's grants grouped by member and category in one pass, joined to the
 * members, their regions and their regions' terms, as the CTE `e` (id, region, professional, public, met).
 */
const everyMember = (rules: Rules, year: number) => sql`
  ${termsCte(rules)},
  sums AS (
    SELECT user_id,
           coalesce(sum(credits) FILTER (WHERE category = 'professional'), 0)::int AS professional,
           coalesce(sum(credits) FILTER (WHERE category = 'public'), 0)::int AS public
      FROM ${creditsGrants}
     WHERE year = ${year} AND withdrawn_at IS NULL
     GROUP BY user_id),
  e AS MATERIALIZED (
    SELECT u.id, p.region, coalesce(s.professional, 0) AS professional, coalesce(s.public, 0) AS public,
           ${metSql(sql`coalesce(s.professional, 0)`, sql`coalesce(s.public, 0)`, (f) => sql.raw(`coalesce(t.${f}, n.${f})`))} AS met
      FROM ${users} u
      LEFT JOIN ${creditsProfiles} p ON p.user_id = u.id
      LEFT JOIN sums s ON s.user_id = u.id
      LEFT JOIN terms t ON t.region = p.region
      JOIN terms n ON n.region = ''
     WHERE ${memberFilter(undefined)})`;

/**
 * 学分年度报表: every member's year evaluated under the rule of their region, set-wise (no statement per member). The
 * counts by region are one pass over the year's grants grouped by member and category (reused for a minute per year
 * and rule set); a page without a result filter reads only its own members' sums; a page of 达标 or 未达标 members
 * filters the set-wise evaluation. The rules are read once per region before any of it.
 */
export function createCreditsReport({ db }: { db: Db }) {
  const cached = createTtlCache({ ttlMs: SUMMARY_TTL_MS, maxKeys: 100 });
  return {
    async report(q: ReportQuery): Promise<CreditReport> {
      const rules = await yearRules(db, q.year);
      const ruleKey = [rules.national.id, ...[...rules.own.values()].map((r) => r.id).sort((a, b) => a - b)].join(',');
      const counted = await cached(`${q.year}:${ruleKey}`, () =>
        rowsOf<{ region: string | null; met: number; unmet: number }>(
          db,
          sql`WITH ${everyMember(rules, q.year)}
              SELECT region, count(*) FILTER (WHERE met)::int AS met, count(*) FILTER (WHERE NOT met)::int AS unmet
                FROM e GROUP BY region`,
        ),
      );
      const regions = counted
        .map((r) => ({ region: r.region ?? CREDIT_REPORT_NO_REGION, met: r.met, unmet: r.unmet }))
        .sort((a, b) => regionOrder(a.region) - regionOrder(b.region));
      const totals = { met: regions.reduce((s, r) => s + r.met, 0), unmet: regions.reduce((s, r) => s + r.unmet, 0) };
      const scope = q.region === undefined ? totals : (regions.find((r) => r.region === q.region) ?? { met: 0, unmet: 0 });
      const total = q.status === undefined ? scope.met + scope.unmet : scope[q.status];

      const offset = (q.page - 1) * q.per;
      const page =
        q.status === undefined
          ? await rowsOf<MemberRow>(db, memberRows(rules, q.year, q.region, { offset, limit: q.per }))
          : await rowsOf<MemberRow>(
              db,
              sql`WITH ${everyMember(rules, q.year)}
                  SELECT e.id AS user_id, u.real_name, u.nickname, u.phone, u.id_number, e.region, e.professional, e.public, e.met
                    FROM e JOIN ${users} u ON u.id = e.id
                   WHERE ${q.status === 'met' ? sql`e.met` : sql`NOT e.met`}
                     AND ${q.region === undefined ? sql`true` : q.region === CREDIT_REPORT_NO_REGION ? sql`e.region IS NULL` : sql`e.region = ${q.region}`}
                   ORDER BY e.id
                   LIMIT ${q.per} OFFSET ${offset}`,
            );
      const ruleView = (region: string | null, rule: CreditRuleRow) => ({
        region,
        year: rule.year,
        version: rule.version,
        required: requiredBy(rule),
        source: rule.source,
      });
      return {
        year: q.year,
        regions,
        totals,
        rules: [
          ruleView(null, rules.national),
          ...[...rules.own].sort(([a], [b]) => regionOrder(a) - regionOrder(b)).map(([region, rule]) => ruleView(region, rule)),
        ],
        members: { list: page.map(toRow), total, page: q.page, per: q.per },
      };
    },

    /**
     * The Excel file provincial offices take (CREDIT_REPORT_EXCEL_HEADERS), streamed: members in id-ordered batches,
     * each batch's grants summed through the (user_id, year) index, so a national year never sits in memory.
     */
    async workbook(q: ExportQuery): Promise<PassThrough> {
      const rules = await yearRules(db, q.year);
      const wanted = q.status;
      async function* batches(): AsyncGenerator<MemberRow[]> {
        for (let after = 0; ; ) {
          const rows = await rowsOf<MemberRow>(
            db,
            memberRows(rules, q.year, q.region, { after, limit: EXPORT_BATCH }),
          );
          yield rows.filter((r) => wanted === undefined || r.met === (wanted === 'met'));
          if (rows.length < EXPORT_BATCH) return;
          after = rows[rows.length - 1]!.user_id;
        }
      }
      const ExcelJS = await loadExcelJS();
      const out = new PassThrough();
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const ws = wb.addWorksheet(`${q.year}年度继续教育学分`);
      const widths = [12, 22, 8, 14, 14, 10, 10];
      ws.columns = CREDIT_REPORT_EXCEL_HEADERS.map((header, i) => ({ header, key: `c${i}`, width: widths[i] }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      void (async () => {
        try {
          for await (const rows of batches())
            for (const r of rows) {
              const v = toRow(r);
              // Credits as numbers (学分, one decimal), so the office's sheet can sum them.
              ws.addRow([v.name, v.id_number ?? '', q.year, v.professional / CREDIT_SCALE, v.public / CREDIT_SCALE, v.total / CREDIT_SCALE,
                CREDIT_REPORT_STATUS_LABELS[v.met ? 'met' : 'unmet']]).commit();
            }
          ws.commit();
          await wb.commit();
        } catch (err) {
          out.destroy(err as Error);
        }
      })();
      return out;
    },
  };
}
export type CreditsReport = ReturnType<typeof createCreditsReport>;
