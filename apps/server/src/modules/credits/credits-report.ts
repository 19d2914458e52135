import { PassThrough } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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
import { users } from '../users';
import { ruleFor, ruleTerms } from './credits.service';
import { creditsGrants, creditsProfiles, creditsRules, type CreditRuleRow } from './credits.table';

type ReportQuery = z.output<typeof creditReportQuerySchema>;
type ExportQuery = z.output<typeof creditReportExportQuerySchema>;

/** Learners read per statement by the Excel export. */
const EXPORT_BATCH = 1000;

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
async function yearRules(ex: Executor, year: number): Promise<{ national: CreditRuleRow; own: Map<string, CreditRuleRow> }> {
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
function termsCte(rules: { national: CreditRuleRow; own: Map<string, CreditRuleRow> }): SQL {
  const rows = ['', ...CREDIT_REGIONS].map((region) => {
    const r = requiredBy(rules.own.get(region) ?? rules.national);
    return sql`(${region}::text, ${r.total}::int, ${r.professional}::int, ${r.public}::int)`;
  });
  return sql`terms (region, total, professional, public) AS (VALUES ${sql.join(rows, sql`, `)})`;
}

/** A member's terms: their region's (t), else the national ones (n). */
const TERMS_JOIN = sql`LEFT JOIN terms t ON t.region = p.region JOIN terms n ON n.region = ''`;

/** The member filter of a query: personal, enabled accounts, optionally of one region (or of none). */
function memberFilter(region: string | undefined): SQL {
  const base = sql`u.role = 'personal' AND NOT u.disabled`;
  if (region === undefined) return base;
  if (region === CREDIT_REPORT_NO_REGION) return sql`${base} AND p.region IS NULL`;
  return sql`${base} AND p.region = ${region}`;
}

/** 达标 in SQL: the comparisons of evaluateCreditYear against the member's region's terms (t, or n: national). */
const metSql = (professional: SQL, pub: SQL) =>
  sql`(${professional} + ${pub} >= coalesce(t.total, n.total)
       AND ${professional} >= coalesce(t.professional, n.professional)
       AND ${pub} >= coalesce(t.public, n.public))`;

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

/**
 * 学分年度报表: every member's year evaluated under the rule of their region, set-wise. One statement groups the
 * year's grants by member and category, joins each member's region and its terms, and answers the counts by region,
 * the filtered total and the page together; the rules are read once per region before it.
 */
export function createCreditsReport({ db }: { db: Db }) {
  return {
    async report(q: ReportQuery): Promise<CreditReport> {
      const rules = await yearRules(db, q.year);
      const status = q.status === undefined ? sql`true` : q.status === 'met' ? sql`e.met` : sql`NOT e.met`;
      const regionFilter =
        q.region === undefined ? sql`true` : q.region === CREDIT_REPORT_NO_REGION ? sql`e.region IS NULL` : sql`e.region = ${q.region}`;
      const [row] = await rowsOf<{ regions: { region: string | null; met: number; unmet: number }[] | null; total: number; page: MemberRow[] | null }>(
        db,
        sql`WITH ${termsCte(rules)},
              sums AS (
                SELECT user_id,
                       coalesce(sum(credits) FILTER (WHERE category = 'professional'), 0)::int AS professional,
                       coalesce(sum(credits) FILTER (WHERE category = 'public'), 0)::int AS public
                  FROM ${creditsGrants}
                 WHERE year = ${q.year} AND withdrawn_at IS NULL
                 GROUP BY user_id),
              e AS MATERIALIZED (
                SELECT u.id, p.region, coalesce(s.professional, 0) AS professional, coalesce(s.public, 0) AS public,
                       ${metSql(sql`coalesce(s.professional, 0)`, sql`coalesce(s.public, 0)`)} AS met
                  FROM ${users} u
                  LEFT JOIN ${creditsProfiles} p ON p.user_id = u.id
                  LEFT JOIN sums s ON s.user_id = u.id
                  ${TERMS_JOIN}
                 WHERE ${memberFilter(undefined)})
            SELECT (SELECT json_agg(r) FROM (SELECT region, count(*) FILTER (WHERE met)::int AS met,
                                                    count(*) FILTER (WHERE NOT met)::int AS unmet
                                               FROM e GROUP BY region) r) AS regions,
                   (SELECT count(*)::int FROM e WHERE ${regionFilter} AND ${status}) AS total,
                   (SELECT json_agg(pg ORDER BY pg.user_id) FROM (
                      SELECT e.id AS user_id, u.real_name, u.nickname, u.phone, u.id_number, e.region,
                             e.professional, e.public, e.met
                        FROM e JOIN ${users} u ON u.id = e.id
                       WHERE ${regionFilter} AND ${status}
                       ORDER BY e.id
                       LIMIT ${q.per} OFFSET ${(q.page - 1) * q.per}) pg) AS page`,
      );
      const regions = (row?.regions ?? [])
        .map((r) => ({ region: r.region ?? CREDIT_REPORT_NO_REGION, met: r.met, unmet: r.unmet }))
        .sort((a, b) => regionOrder(a.region) - regionOrder(b.region));
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
        totals: { met: regions.reduce((s, r) => s + r.met, 0), unmet: regions.reduce((s, r) => s + r.unmet, 0) },
        rules: [
          ruleView(null, rules.national),
          ...[...rules.own].sort(([a], [b]) => regionOrder(a) - regionOrder(b)).map(([region, rule]) => ruleView(region, rule)),
        ],
        members: { list: (row?.page ?? []).map(toRow), total: row?.total ?? 0, page: q.page, per: q.per },
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
            sql`WITH ${termsCte(rules)}
                SELECT u.id AS user_id, u.real_name, u.nickname, u.phone, u.id_number, p.region,
                       s.professional, s.public, ${metSql(sql`s.professional`, sql`s.public`)} AS met
                  FROM ${users} u
                  LEFT JOIN ${creditsProfiles} p ON p.user_id = u.id
                  CROSS JOIN LATERAL (
                        SELECT coalesce(sum(g.credits) FILTER (WHERE g.category = 'professional'), 0)::int AS professional,
                               coalesce(sum(g.credits) FILTER (WHERE g.category = 'public'), 0)::int AS public
                          FROM ${creditsGrants} g
                         WHERE g.user_id = u.id AND g.year = ${q.year} AND g.withdrawn_at IS NULL) s
                  ${TERMS_JOIN}
                 WHERE ${memberFilter(q.region)} AND u.id > ${after}
                 ORDER BY u.id
                 LIMIT ${EXPORT_BATCH}`,
          );
          yield rows.filter((r) => wanted === undefined || r.met === (wanted === 'met'));
          if (rows.length < EXPORT_BATCH) return;
          after = rows[rows.length - 1]!.user_id;
        }
      }
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
