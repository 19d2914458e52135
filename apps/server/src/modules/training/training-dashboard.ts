import { sql, type SQL } from 'drizzle-orm';
import { rgb } from 'pdf-lib';
import {
  EMPLOYEE_EXPORT_HEADERS,
  creditText,
  maskPhone,
  type CreditStanding as CreditStandingJson,
  type EmployeeDetail,
  type EmployeePage,
  type EmployeeRow,
  type TrainingOverview,
  type employeeExportQuerySchema,
  type employeeQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { containsPattern, rowsOf, type Executor } from '../../db/sql';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import { createCjkPdf } from '../../lib/pdf/cjk-pdf';
import { createTtlCache } from '../../lib/ttl-cache';
import { creditStandings, type CreditStanding } from '../credits';
import { courseFigures, statusOf } from './training-assignments';
import { activeEmployment } from './training-people';
import { companyFacts, iso, personName } from './training-shared';
import { loadExcelJS } from '../../lib/exceljs';

type EmployeeQuery = z.output<typeof employeeQuerySchema>;
type ExportQuery = z.output<typeof employeeExportQuerySchema>;

const chinaYear = (now: Date) => Number(chinaDay(now).slice(0, 4));

/** How long the staff's credit standings are reused for the dashboard's 达标 counts and credit filters (per process). */
const STANDINGS_TTL_MS = 60_000;

interface Base {
  id: number;
  user_id: number;
  name: string;
  phone: string;
  joined_at: Date | string;
  seat_id: number | null;
  seat_ends_at: Date | string | null;
  total: number;
  done: number;
  overdue: number;
}

/** The company's active employees matching a keyword (e: training_employments, u: users). */
function employeeWhere(companyId: number, keyword: string | undefined): SQL {
  const where: SQL[] = [sql`e.company_id = ${companyId}`, sql`e.state = 'active'`];
  if (keyword) {
    const like = containsPattern(keyword);
    where.push(sql`(u.phone LIKE ${like} OR u.real_name ILIKE ${like} OR u.nickname ILIKE ${like})`);
  }
  return sql.join(where, sql` AND `);
}

/**
 * Each picked employee's row: their running seat and their open assignments' counts (total, finished, past deadline
 * and unfinished), the assignments found through the employee (training_assignees by employment) and each one's
 * finish through the progress row's primary key, so an employee costs their own assignments only.
 */
function rowsOfPicked(picked: SQL, today: string, now: Date): SQL {
  return sql`
    WITH picked AS MATERIALIZED (${picked})
    SELECT e.id, e.user_id, ${personName('u')} AS name, u.phone, e.responded_at AS joined_at,
           s.id AS seat_id, s.ends_at AS seat_ends_at, x.total, x.done, x.overdue
      FROM picked JOIN training_employments e ON e.id = picked.id
      JOIN users u ON u.id = e.user_id
      LEFT JOIN training_seats s ON s.holder_employment_id = e.id AND s.ends_at > ${now}
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE d.done)::int AS done,
               count(*) FILTER (WHERE NOT d.done AND t.deadline < ${today}::date)::int AS overdue
          FROM training_assignees a
          JOIN training_assignments t ON t.id = a.assignment_id
          CROSS JOIN LATERAL (
            SELECT EXISTS (SELECT 1 FROM learning_course_progress cp
                            WHERE cp.user_id = a.user_id AND cp.course_id = t.course_id AND cp.finished_at IS NOT NULL) AS done) d
         WHERE a.employment_id = e.id AND t.cancelled_at IS NULL) x
     ORDER BY e.id`;
}

/** The filters that need every employee's counts or seat (the others page in SQL first). */
const COUNT_FILTERS: Partial<Record<NonNullable<EmployeeQuery['filter']>, (r: Base) => boolean>> = {
  overdue: (r) => r.overdue > 0,
  unfinished: (r) => r.done < r.total,
  finished: (r) => r.total > 0 && r.done === r.total,
  no_seat: (r) => r.seat_id === null,
};

const standingJson = (s: CreditStanding | undefined, year: number): CreditStandingJson =>
  s
    ? { year, total: s.total, required: s.required, missing: s.missing, met: s.met, has_rule: s.hasRule }
    : { year, total: 0, required: 0, missing: 0, met: false, has_rule: false };

function toRow(b: Base, standing: CreditStanding | undefined, year: number): EmployeeRow {
  return {
    id: b.id,
    name: b.name,
    phone: maskPhone(b.phone),
    joined_at: iso(b.joined_at),
    seat: b.seat_id !== null ? { id: b.seat_id, ends_at: iso(b.seat_ends_at!) } : null,
    assigned: { total: b.total, done: b.done, overdue: b.overdue },
    credits: standingJson(standing, year),
  };
}

export function createDashboard(deps: { db: Db; clock: Clock; siteName: string }) {
  const { db, clock, siteName } = deps;

  /** Credit standings of the company's whole staff for a year, reused for a minute (the counts and the credit filters). */
  const staffStandings = createTtlCache({ ttlMs: STANDINGS_TTL_MS, maxKeys: 200 });
  async function standingsOfStaff(companyId: number, year: number): Promise<Map<number, CreditStanding>> {
    return staffStandings(`${companyId}:${year}`, async () => {
      const ids = await rowsOf<{ user_id: number }>(
        db,
        sql`SELECT user_id FROM training_employments WHERE company_id = ${companyId} AND state = 'active'`,
      );
      return creditStandings(db, year, ids.map((r) => r.user_id));
    });
  }

  /** Every employee matching the query, with fresh standings (the export and the PDF). */
  async function everyone(ex: Executor, companyId: number, q: ExportQuery, year: number): Promise<EmployeeRow[]> {
    const now = clock.now();
    const picked = sql`SELECT e.id FROM training_employments e JOIN users u ON u.id = e.user_id WHERE ${employeeWhere(companyId, q.keyword)}`;
    let base = await rowsOf<Base>(ex, rowsOfPicked(picked, chinaDay(now), now));
    const keep = q.filter ? COUNT_FILTERS[q.filter] : undefined;
    if (keep) base = base.filter(keep);
    const standings = await creditStandings(ex, year, base.map((b) => b.user_id));
    const rows = base.map((b) => toRow(b, standings.get(b.user_id), year));
    if (q.filter === 'credits_met') return rows.filter((r) => r.credits.met);
    if (q.filter === 'credits_unmet') return rows.filter((r) => !r.credits.met);
    return rows;
  }

  return {
    async overview(companyId: number): Promise<TrainingOverview> {
      const now = clock.now();
      const today = chinaDay(now);
      const year = chinaYear(now);
      const facts = await companyFacts(db, companyId);
      const [counts] = await rowsOf<{
        employees: number;
        invited: number;
        bought: number;
        assigned: number;
        available: number;
        expired: number;
        total: number;
        done: number;
        overdue: number;
      }>(
        db,
        sql`SELECT (SELECT count(*) FROM training_employments WHERE company_id = ${companyId} AND state = 'active')::int AS employees,
                   (SELECT count(*) FROM training_employments WHERE company_id = ${companyId} AND state = 'invited' AND expires_at > ${now})::int AS invited,
                   s.bought, s.assigned, s.available, s.expired, x.total, x.done, x.overdue
              FROM (SELECT count(*)::int AS bought,
                           count(*) FILTER (WHERE holder_user_id IS NOT NULL AND ends_at > ${now})::int AS assigned,
                           count(*) FILTER (WHERE holder_user_id IS NULL AND ends_at > ${now})::int AS available,
                           count(*) FILTER (WHERE ends_at <= ${now})::int AS expired
                      FROM training_seats WHERE company_id = ${companyId}) s,
                   (WITH open AS MATERIALIZED (
                           SELECT id, course_id, deadline FROM training_assignments WHERE company_id = ${companyId} AND cancelled_at IS NULL),
                         finished AS MATERIALIZED (
                           SELECT cp.user_id, cp.course_id FROM learning_course_progress cp
                            WHERE cp.course_id IN (SELECT DISTINCT course_id FROM open) AND cp.finished_at IS NOT NULL),
                         staff AS MATERIALIZED (
                           SELECT id FROM training_employments WHERE company_id = ${companyId} AND state = 'active')
                    SELECT count(*)::int AS total,
                           count(f.user_id)::int AS done,
                           count(*) FILTER (WHERE f.user_id IS NULL AND t.deadline < ${today}::date)::int AS overdue
                      FROM open t
                      JOIN training_assignees a ON a.assignment_id = t.id
                      JOIN staff e ON e.id = a.employment_id
                      LEFT JOIN finished f ON f.user_id = a.user_id AND f.course_id = t.course_id) x`,
      );
      const standings = await standingsOfStaff(companyId, year);
      let met = 0;
      for (const s of standings.values()) if (s.met) met++;
      const c = counts!;
      return {
        company_name: facts.name,
        verified: facts.verified,
        year,
        employees: c.employees,
        invitations_pending: c.invited,
        seats: { bought: c.bought, assigned: c.assigned, available: c.available, expired: c.expired },
        assignments: { total: c.total, done: c.done, overdue: c.overdue },
        credits: { met, unmet: standings.size - met },
      };
    },

    /**
     * A page of employees. Without a filter (or with a keyword only) the page's employees are picked first and only
     * they are counted; a count or seat filter counts every employee first; a credit filter picks from the staff's
     * standings (reused for a minute), then reads the page's rows. The page's own credit figures are always fresh.
     */
    async employees(companyId: number, q: EmployeeQuery): Promise<EmployeePage> {
      const now = clock.now();
      const today = chinaDay(now);
      const year = chinaYear(now);
      const offset = (q.page - 1) * q.per;
      const all = sql`SELECT e.id FROM training_employments e JOIN users u ON u.id = e.user_id WHERE ${employeeWhere(companyId, q.keyword)}`;
      let page: Base[];
      let total: number;
      const keep = q.filter ? COUNT_FILTERS[q.filter] : undefined;
      if (keep) {
        const rows = (await rowsOf<Base>(db, rowsOfPicked(all, today, now))).filter(keep);
        total = rows.length;
        page = rows.slice(offset, offset + q.per);
      } else if (q.filter === 'credits_met' || q.filter === 'credits_unmet') {
        const [ids, standings] = await Promise.all([
          rowsOf<{ id: number; user_id: number }>(db, sql`SELECT e.id, e.user_id FROM training_employments e JOIN users u ON u.id = e.user_id WHERE ${employeeWhere(companyId, q.keyword)} ORDER BY e.id`),
          standingsOfStaff(companyId, year),
        ]);
        const wanted = q.filter === 'credits_met';
        const chosen = ids.filter((r) => (standings.get(r.user_id)?.met ?? false) === wanted);
        total = chosen.length;
        const slice = chosen.slice(offset, offset + q.per).map((r) => r.id);
        page = slice.length ? await rowsOf<Base>(db, rowsOfPicked(sql`SELECT unnest(${pgArray(slice)}::int[]) AS id`, today, now)) : [];
      } else {
        const [rows, [count]] = await Promise.all([
          rowsOf<Base>(db, rowsOfPicked(sql`${all} ORDER BY e.id LIMIT ${q.per} OFFSET ${offset}`, today, now)),
          rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM training_employments e JOIN users u ON u.id = e.user_id WHERE ${employeeWhere(companyId, q.keyword)}`),
        ]);
        page = rows;
        total = count!.n;
      }
      const standings = await creditStandings(db, year, page.map((r) => r.user_id));
      return { list: page.map((r) => toRow(r, standings.get(r.user_id), year)), total, page: q.page, per: q.per } as EmployeePage;
    },

    async employee(companyId: number, employmentId: number): Promise<EmployeeDetail> {
      const now = clock.now();
      const year = chinaYear(now);
      const emp = await activeEmployment(db, companyId, employmentId);
      const [base] = await rowsOf<Base>(db, rowsOfPicked(sql`SELECT ${employmentId}::int AS id`, chinaDay(now), now));
      const assigned = await rowsOf<{ id: number; course_id: number; course_title: string; plan_name: string | null; deadline: string }>(
        db,
        sql`SELECT t.id, t.course_id, c.title AS course_title, pl.name AS plan_name, t.deadline::text AS deadline
              FROM training_assignees a JOIN training_assignments t ON t.id = a.assignment_id AND t.cancelled_at IS NULL
              JOIN courses c ON c.id = t.course_id LEFT JOIN training_plans pl ON pl.id = t.plan_id
             WHERE a.employment_id = ${employmentId} ORDER BY t.deadline, t.id`,
      );
      const figures = await courseFigures(db, assigned.map((a) => ({ userId: emp.user_id, courseId: a.course_id })));
      const certificates = await rowsOf<{ kind: 'exam' | 'cpe'; title: string; number: string; issued_at: Date | string }>(
        db,
        sql`SELECT 'exam' AS kind, exam_name || ' ' || level AS title, number, issued_at FROM exams_certificates
             WHERE user_id = ${emp.user_id} AND revoked_at IS NULL AND issued_at >= ${emp.responded_at}
            UNION ALL
            SELECT 'cpe', year || '年度继续教育学时证明', number, issued_at FROM credits_certificates
             WHERE user_id = ${emp.user_id} AND revoked_at IS NULL AND issued_at >= ${emp.responded_at}
            ORDER BY issued_at DESC`,
      );
      const standings = await creditStandings(db, year, [emp.user_id]);
      return {
        ...toRow(base!, standings.get(emp.user_id), year),
        assignments: assigned.map((a) => {
          const f = figures.get(`${emp.user_id}:${a.course_id}`) ?? { percent: 0, finished_at: null };
          return {
            id: a.id,
            course_id: a.course_id,
            course_title: a.course_title,
            plan_name: a.plan_name,
            deadline: a.deadline,
            days_left: Math.round((Date.parse(`${a.deadline}T00:00:00Z`) - Date.parse(`${chinaDay(now)}T00:00:00Z`)) / 86_400_000),
            percent: f.percent,
            finished_at: f.finished_at,
            status: statusOf(f, a.deadline, now),
          };
        }),
        certificates: certificates.map((c) => ({ kind: c.kind, title: c.title, number: c.number, issued_at: iso(c.issued_at) })),
      };
    },

    /** The employees (the list's filters) as an Excel workbook. */
    async workbook(companyId: number, q: ExportQuery): Promise<Buffer> {
      const year = chinaYear(clock.now());
      const rows = await everyone(db, companyId, q, year);
      const ExcelJS = await loadExcelJS();
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(`${year}年度员工学习情况`);
      ws.addRow([...EMPLOYEE_EXPORT_HEADERS]);
      ws.getRow(1).font = { bold: true };
      for (const r of rows) {
        ws.addRow([
          r.name,
          r.phone,
          chinaDay(new Date(r.joined_at)),
          r.seat ? chinaDay(new Date(r.seat.ends_at)) : '未分配',
          r.assigned.total,
          r.assigned.done,
          r.assigned.overdue,
          Number(creditText(r.credits.total)),
          r.credits.has_rule ? Number(creditText(r.credits.required)) : '',
          !r.credits.has_rule ? '无适用规则' : r.credits.met ? '达标' : `差${creditText(r.credits.missing)}学分`,
        ]);
      }
      ws.columns.forEach((c, i) => (c.width = [12, 16, 14, 16, 10, 10, 8, 10, 10, 14][i] ?? 12));
      return Buffer.from(await wb.xlsx.writeBuffer());
    },

    /** The year's summary as an A4 PDF: the figures, then every employee's line. */
    async summaryPdf(companyId: number, year?: number): Promise<Uint8Array> {
      const now = clock.now();
      const y = year ?? chinaYear(now);
      const facts = await companyFacts(db, companyId);
      const rows = await everyone(db, companyId, {}, y);
      const { doc, regular: font, bold } = await createCjkPdf();
      doc.setTitle(`${facts.name} ${y}年度培训汇总`);
      doc.setAuthor(siteName);
      const INK = rgb(0.15, 0.15, 0.2);
      const MUTED = rgb(0.4, 0.4, 0.45);
      let page = doc.addPage([595, 842]);
      const { width } = page.getSize();
      const title = `${y}年度员工培训汇总`;
      page.drawText(siteName, { x: 60, y: 790, size: 11, font, color: MUTED });
      page.drawText(title, { x: (width - bold.widthOfTextAtSize(title, 22)) / 2, y: 750, size: 22, font: bold, color: INK });
      const met = rows.filter((r) => r.credits.met).length;
      const assigned = rows.reduce((s, r) => s + r.assigned.total, 0);
      const done = rows.reduce((s, r) => s + r.assigned.done, 0);
      const overdue = rows.reduce((s, r) => s + r.assigned.overdue, 0);
      const lines = [
        `单位：${facts.name}`,
        `员工：${rows.length}人；持有学员卡：${rows.filter((r) => r.seat).length}人`,
        `指派课程：共${assigned}人次，已完成${done}人次，逾期未完成${overdue}人次`,
        `${y}年度继续教育学分：达标${met}人，未达标${rows.length - met}人`,
        `生成时间：${chinaDay(now)}`,
      ];
      let yPos = 710;
      for (const l of lines) {
        page.drawText(l, { x: 60, y: yPos, size: 12, font, color: INK });
        yPos -= 22;
      }
      const cols = [60, 170, 290, 380, 470];
      const header = ['姓名', '手机号', '指派课程', '本年学分', '学分状态'];
      const drawHeader = () => {
        header.forEach((h, i) => page.drawText(h, { x: cols[i]!, y: yPos, size: 11, font: bold, color: INK }));
        yPos -= 20;
      };
      yPos -= 12;
      drawHeader();
      for (const r of rows) {
        if (yPos < 60) {
          page = doc.addPage([595, 842]);
          yPos = 790;
          drawHeader();
        }
        let name = r.name;
        while (font.widthOfTextAtSize(name, 10) > 100 && name.length > 1) name = `${[...name].slice(0, -2).join('')}…`;
        const cells = [
          name,
          r.phone,
          `${r.assigned.done}/${r.assigned.total}${r.assigned.overdue ? `（逾期${r.assigned.overdue}）` : ''}`,
          `${creditText(r.credits.total)}/${r.credits.has_rule ? creditText(r.credits.required) : '—'}`,
          !r.credits.has_rule ? '无适用规则' : r.credits.met ? '达标' : `差${creditText(r.credits.missing)}学分`,
        ];
        cells.forEach((c, i) => page.drawText(c, { x: cols[i]!, y: yPos, size: 10, font, color: i === 4 && !r.credits.met ? rgb(0.75, 0.2, 0.1) : INK }));
        yPos -= 17;
      }
      if (rows.length === 0) page.drawText('本单位暂无员工。', { x: 60, y: yPos, size: 11, font, color: MUTED });
      return doc.save();
    },

  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
