import { and, desc, eq, sql } from 'drizzle-orm';
import type { StandardKind } from '@app/contracts';
import { pgArray } from '../../db/pg-array';
import { rowsOf, type Executor } from '../../db/sql';
import { courses } from '../courses';
import { examsTypes, validCertificateHolders } from '../exams';
import { courseFinishers } from '../learning';
import { users } from '../users';
import { standards, standardsChanges, standardsLinks, type StandardRow } from './standards.table';

export interface LinkView {
  id: number;
  standard_id: number;
  course_id: number | null;
  exam_type_id: number | null;
  title: string;
  published: boolean;
  updated_through: number;
  updated_at: Date | null;
  /** The standard's latest change (0: none). */
  latest: number;
}

export interface ChangeView {
  id: number;
  standard_id: number;
  changed_on: string;
  note: string;
  recorded_at: Date;
  recorded_by: string | null;
  audience: number;
  sent: number;
  delivered: boolean;
}

export interface NoticeRow {
  id: number;
  kind: StandardKind;
  name: string;
  changed_on: string;
  note: string;
}

export interface Audience {
  finishers: number;
  holders: number;
  total: number;
}

/** The people a change of these courses and exam types tells: rows (user_id, src 'course' | 'exam', ref id). */
export function recipients(courseIds: readonly number[], examTypeIds: readonly number[], at: Date) {
  return sql`SELECT f.user_id, 'course' AS src, f.course_id AS ref_id FROM (${courseFinishers(courseIds)}) f
             UNION ALL
             SELECT h.user_id, 'exam' AS src, h.type_id AS ref_id FROM (${validCertificateHolders(examTypeIds, at)}) h`;
}

/** Drizzle queries of the standards area; every function takes the database or the caller's transaction. */
export const standardsRepository = {
  async standards(ex: Executor, id?: number): Promise<StandardRow[]> {
    return ex
      .select()
      .from(standards)
      .where(id === undefined ? undefined : eq(standards.id, id))
      .orderBy(desc(standards.updatedAt), desc(standards.id));
  },

  /** The standard's row, held until the transaction ends (its links and changes are written under it). */
  async lock(tx: Executor, id: number): Promise<StandardRow | undefined> {
    const [row] = await tx.select().from(standards).where(eq(standards.id, id)).for('update');
    return row;
  },

  async links(ex: Executor, standardIds: readonly number[]): Promise<LinkView[]> {
    return rowsOf<LinkView>(
      ex,
      sql`SELECT l.id, l.standard_id, l.course_id, l.exam_type_id, l.updated_through, l.updated_at,
                 coalesce(c.title, t.name) AS title, coalesce(c.published, true) AS published,
                 coalesce((SELECT max(ch.id) FROM ${standardsChanges} ch WHERE ch.standard_id = l.standard_id), 0) AS latest
            FROM ${standardsLinks} l
            LEFT JOIN ${courses} c ON c.id = l.course_id
            LEFT JOIN ${examsTypes} t ON t.id = l.exam_type_id
           WHERE l.standard_id = ANY(${pgArray(standardIds)}::int[])
           ORDER BY l.course_id IS NULL, l.id`,
    );
  },

  async changes(ex: Executor, standardIds: readonly number[]): Promise<ChangeView[]> {
    return rowsOf<ChangeView>(
      ex,
      sql`SELECT ch.id, ch.standard_id, ch.changed_on::text AS changed_on, ch.note, ch.recorded_at, u.phone AS recorded_by,
                 ch.audience, ch.sent, ch.delivered_at IS NOT NULL AS delivered
            FROM ${standardsChanges} ch LEFT JOIN ${users} u ON u.id = ch.recorded_by
           WHERE ch.standard_id = ANY(${pgArray(standardIds)}::int[])
           ORDER BY ch.changed_on DESC, ch.id DESC`,
    );
  },

  async nameTaken(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await ex.select({ id: standards.id }).from(standards).where(eq(standards.name, name));
    return !!row && row.id !== exceptId;
  },

  async insert(ex: Executor, v: { kind: StandardKind; name: string; issuer: string; docNumber: string | null; now: Date }) {
    const [row] = await ex
      .insert(standards)
      .values({ kind: v.kind, name: v.name, issuer: v.issuer, docNumber: v.docNumber, createdAt: v.now, updatedAt: v.now })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async update(ex: Executor, id: number, v: { kind: StandardKind; name: string; issuer: string; docNumber: string | null; now: Date }) {
    const [row] = await ex
      .update(standards)
      .set({ kind: v.kind, name: v.name, issuer: v.issuer, docNumber: v.docNumber, updatedAt: v.now })
      .where(eq(standards.id, id))
      .returning();
    return row;
  },

  touch: (ex: Executor, id: number, now: Date) => ex.update(standards).set({ updatedAt: now }).where(eq(standards.id, id)),

  async latestChangeId(ex: Executor, standardId: number): Promise<number> {
    const [row] = await rowsOf<{ id: number | null }>(
      ex,
      sql`SELECT max(id) AS id FROM ${standardsChanges} WHERE standard_id = ${standardId}`,
    );
    return row?.id ?? 0;
  },

  /** The course's title, or undefined when there is no such course. */
  async courseTitle(ex: Executor, id: number): Promise<string | undefined> {
    const [row] = await ex.select({ title: courses.title }).from(courses).where(eq(courses.id, id));
    return row?.title;
  },

  async examTypeName(ex: Executor, id: number): Promise<string | undefined> {
    const [row] = await ex.select({ name: examsTypes.name }).from(examsTypes).where(eq(examsTypes.id, id));
    return row?.name;
  },

  /** Links the course or exam type; undefined when it is linked already. */
  async link(ex: Executor, v: { standardId: number; courseId: number | null; examTypeId: number | null; updatedThrough: number; now: Date }) {
    const [row] = await ex
      .insert(standardsLinks)
      .values({ standardId: v.standardId, courseId: v.courseId, examTypeId: v.examTypeId, updatedThrough: v.updatedThrough, linkedAt: v.now })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async linkOf(ex: Executor, standardId: number, linkId: number) {
    const [row] = await ex
      .select()
      .from(standardsLinks)
      .where(and(eq(standardsLinks.id, linkId), eq(standardsLinks.standardId, standardId)));
    return row;
  },

  unlink: (ex: Executor, linkId: number) => ex.delete(standardsLinks).where(eq(standardsLinks.id, linkId)),

  markUpdated: (ex: Executor, linkId: number, v: { through: number; by: number; now: Date }) =>
    ex.update(standardsLinks).set({ updatedThrough: v.through, updatedAt: v.now, updatedBy: v.by }).where(eq(standardsLinks.id, linkId)),

  async audience(ex: Executor, courseIds: readonly number[], examTypeIds: readonly number[], at: Date): Promise<Audience> {
    const [row] = await rowsOf<Audience>(
      ex,
      sql`SELECT count(DISTINCT r.user_id) FILTER (WHERE r.src = 'course')::int AS finishers,
                 count(DISTINCT r.user_id) FILTER (WHERE r.src = 'exam')::int AS holders,
                 count(DISTINCT r.user_id)::int AS total
            FROM (${recipients(courseIds, examTypeIds, at)}) r`,
    );
    return row ?? { finishers: 0, holders: 0, total: 0 };
  },

  /** Records a change; undefined when the standard has one on that day already. */
  async insertChange(
    ex: Executor,
    v: { standardId: number; changedOn: string; note: string; courseIds: number[]; examTypeIds: number[]; audience: number; by: number; now: Date },
  ) {
    const [row] = await ex
      .insert(standardsChanges)
      .values({
        standardId: v.standardId,
        changedOn: v.changedOn,
        note: v.note,
        courseIds: v.courseIds,
        examTypeIds: v.examTypeIds,
        audience: v.audience,
        // Nobody to tell: delivered at once, the job never looks at it.
        deliveredAt: v.audience === 0 ? v.now : null,
        recordedAt: v.now,
        recordedBy: v.by,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  /** The changes a course or an exam type has not been brought up to, newest first. */
  async notices(ex: Executor, where: { courseId: number } | { examType: string }): Promise<NoticeRow[]> {
    const target =
      'courseId' in where
        ? sql`l.course_id = ${where.courseId}`
        : sql`l.exam_type_id = (SELECT t.id FROM ${examsTypes} t WHERE t.type_name = ${where.examType})`;
    return rowsOf<NoticeRow>(
      ex,
      sql`SELECT ch.id, s.kind, s.name, ch.changed_on::text AS changed_on, ch.note
            FROM ${standardsLinks} l
            JOIN ${standards} s ON s.id = l.standard_id
            JOIN ${standardsChanges} ch ON ch.standard_id = l.standard_id AND ch.id > l.updated_through
           WHERE ${target}
           ORDER BY ch.changed_on DESC, ch.id DESC
           LIMIT 5`,
    );
  },

  async targets(ex: Executor) {
    const courseRows = await ex
      .select({ id: courses.id, title: courses.title, published: courses.published })
      .from(courses)
      .orderBy(desc(courses.published), desc(courses.id));
    const types = await ex.select({ id: examsTypes.id, name: examsTypes.name }).from(examsTypes).orderBy(examsTypes.sort, examsTypes.id);
    return { courses: courseRows, exam_types: types };
  },
};
