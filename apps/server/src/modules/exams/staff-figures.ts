import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

const chinaMidnight = (d: string) => sql`(${d}::date::timestamp - interval '8 hours') AT TIME ZONE 'UTC'`;

/** Exam figures for staff: the grading queue's size (dashboard) and results of a period (export). */
export const examsFigures = {
  /** Submitted attempts still waiting for a grader. */
  async pendingGrading(db: DbOrTx): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM exams_attempts WHERE state = 'submitted' AND pending_grading > 0`,
    );
    return row?.n ?? 0;
  },

  /** Attempts handed in on China-time days `from`..`to`, a batch after (submittedAt, id). */
  results(db: DbOrTx, v: { from: string; to: string; after: { submittedAt: string; id: number } | null; limit: number }) {
    const after = v.after ? sql`AND (a.submitted_at, a.id) > (${v.after.submittedAt}::timestamptz, ${v.after.id})` : sql``;
    return rowsOf<{
      id: number;
      exam_name: string;
      level: string;
      session_title: string;
      seq: number;
      state: string;
      submitted_at: string;
      submitted_label: string;
      score: number | null;
      full_score: number;
      pass_score: number;
      passed: boolean | null;
      certificate_number: string | null;
      phone: string;
      real_name: string | null;
      nickname: string | null;
      id_number: string | null;
      company_name: string | null;
    }>(
      db,
      sql`SELECT a.id, t.name AS exam_name, t.level, s.title AS session_title, a.seq, a.state,
                 a.submitted_at::text AS submitted_at, to_char(a.submitted_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') AS submitted_label, a.score, t.full_score, t.pass_score, a.passed,
                 c.number AS certificate_number, u.phone, u.real_name, u.nickname, u.id_number, u.company_name
            FROM exams_attempts a
            JOIN exams_registrations r ON r.id = a.registration_id
            JOIN exams_sessions s ON s.id = r.session_id
            JOIN exams_types t ON t.id = s.type_id
            JOIN users u ON u.id = a.user_id
            LEFT JOIN exams_certificates c ON c.attempt_id = a.id
           WHERE a.submitted_at IS NOT NULL AND a.submitted_at >= ${chinaMidnight(v.from)}
             AND a.submitted_at < ${chinaMidnight(v.to)} + interval '1 day' ${after}
           ORDER BY a.submitted_at, a.id LIMIT ${v.limit}`,
    );
  },
};
