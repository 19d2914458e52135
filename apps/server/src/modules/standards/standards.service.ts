import type { z } from 'zod';
import {
  standardsMessages as m,
  type AdminStandard,
  type RecordedChange,
  type StandardAudience,
  type StandardNotices,
  type StandardTargets,
  type standardBodySchema,
  type standardChangeBodySchema,
  type standardLinkBodySchema,
  type standardNoticesQuerySchema,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import { standardsRepository as repo, type ChangeView, type LinkView } from './standards.repository';
import type { StandardRow } from './standards.table';

type StandardBody = z.output<typeof standardBodySchema>;
type LinkBody = z.output<typeof standardLinkBodySchema>;
type ChangeBody = z.output<typeof standardChangeBodySchema>;
type NoticesQuery = z.output<typeof standardNoticesQuerySchema>;

const linkView = (l: LinkView) => ({
  id: l.id,
  target: l.course_id !== null ? ('course' as const) : ('exam_type' as const),
  target_id: (l.course_id ?? l.exam_type_id)!,
  title: l.title,
  published: l.published,
  outdated: l.latest > l.updated_through,
  updated_at: l.updated_at ? new Date(l.updated_at).toISOString() : null,
});

const changeView = (c: ChangeView) => ({
  id: c.id,
  changed_on: c.changed_on,
  note: c.note,
  recorded_at: new Date(c.recorded_at).toISOString(),
  recorded_by: c.recorded_by,
  audience: c.audience,
  sent: c.sent,
  delivered: c.delivered,
});

/** The standard as the audit log keeps it (its name titles the entry). */
const auditView = (s: Pick<StandardRow, 'kind' | 'name' | 'issuer' | 'docNumber'>) => ({
  kind: s.kind,
  name: s.name,
  issuer: s.issuer,
  doc_number: s.docNumber,
});

/**
 * Standards and policies: staff keep them and their links to courses and exam types, record changes (the delivery
 * job then tells the learners, standards-delivery.ts) and mark linked content updated; the public pages read the
 * notices. Every staff write is one transaction with its audit row, under the standard's row lock.
 */
export function createStandardsService(deps: { db: Db; clock: Clock; audit: AuditTrail }) {
  const { db, clock, audit } = deps;

  async function views(ex: Executor, id?: number): Promise<AdminStandard[]> {
    const rows = await repo.standards(ex, id);
    const ids = rows.map((r) => r.id);
    const [links, changes] = ids.length ? [await repo.links(ex, ids), await repo.changes(ex, ids)] : [[], []];
    return rows.map((s) => ({
      id: s.id,
      kind: s.kind,
      name: s.name,
      issuer: s.issuer,
      doc_number: s.docNumber,
      links: links.filter((l) => l.standard_id === s.id).map(linkView),
      changes: changes.filter((c) => c.standard_id === s.id).map(changeView),
      updated_at: s.updatedAt.toISOString(),
    }));
  }

  async function view(ex: Executor, id: number): Promise<AdminStandard> {
    const [one] = await views(ex, id);
    if (!one) throw AppError.notFound(m.notFound);
    return one;
  }

  async function locked(tx: Executor, id: number): Promise<StandardRow> {
    const row = await repo.lock(tx, id);
    if (!row) throw AppError.notFound(m.notFound);
    return row;
  }

  /** Who a change recorded now would tell: the standard's linked courses and exam types at this moment. */
  async function audienceOf(ex: Executor, id: number): Promise<StandardAudience & { courseIds: number[]; examTypeIds: number[] }> {
    const links = await repo.links(ex, [id]);
    const courseIds = links.flatMap((l) => (l.course_id !== null ? [l.course_id] : []));
    const examTypeIds = links.flatMap((l) => (l.exam_type_id !== null ? [l.exam_type_id] : []));
    return { ...(await repo.audience(ex, courseIds, examTypeIds, clock.now())), courseIds, examTypeIds };
  }

  return {
    list: () => views(db),
    targets: (): Promise<StandardTargets> => repo.targets(db),

    async create(actor: StaffActor, body: StandardBody): Promise<AdminStandard> {
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, { ...body, docNumber: body.doc_number, now: clock.now() });
        if (!row) throw AppError.conflict(m.nameTaken);
        await audit.record(tx, actor, { action: 'standard.create', entity: 'standard', entityId: row.id, before: null, after: auditView(row) });
        return view(tx, row.id);
      });
    },

    async update(actor: StaffActor, id: number, body: StandardBody): Promise<AdminStandard> {
      return db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (await repo.nameTaken(tx, body.name, id)) throw AppError.conflict(m.nameTaken);
        const after = (await repo.update(tx, id, { ...body, docNumber: body.doc_number, now: clock.now() }))!;
        await audit.record(tx, actor, { action: 'standard.update', entity: 'standard', entityId: id, before: auditView(before), after: auditView(after) });
        return view(tx, id);
      });
    },

    async link(actor: StaffActor, id: number, body: LinkBody): Promise<AdminStandard> {
      return db.transaction(async (tx) => {
        const standard = await locked(tx, id);
        const courseId = body.course_id ?? null;
        const examTypeId = courseId === null ? (body.exam_type_id ?? null) : null;
        const title = courseId !== null ? await repo.courseTitle(tx, courseId) : await repo.examTypeName(tx, examTypeId!);
        if (title === undefined) throw AppError.notFound(courseId !== null ? m.courseNotFound : m.examTypeNotFound);
        const now = clock.now();
        // Linked content is taken as current: only a change recorded from now on puts up a notice.
        const row = await repo.link(tx, { standardId: id, courseId, examTypeId, updatedThrough: await repo.latestChangeId(tx, id), now });
        if (!row) throw AppError.conflict(m.alreadyLinked);
        await repo.touch(tx, id, now);
        await audit.record(tx, actor, {
          action: 'standard.link',
          entity: 'standard',
          entityId: id,
          before: null,
          after: { name: standard.name, course_id: courseId, exam_type_id: examTypeId, target: title },
        });
        return view(tx, id);
      });
    },

    async unlink(actor: StaffActor, id: number, linkId: number): Promise<AdminStandard> {
      return db.transaction(async (tx) => {
        const standard = await locked(tx, id);
        const link = await repo.linkOf(tx, id, linkId);
        if (!link) throw AppError.notFound(m.linkNotFound);
        const title = link.courseId !== null ? await repo.courseTitle(tx, link.courseId) : await repo.examTypeName(tx, link.examTypeId!);
        await repo.unlink(tx, linkId);
        await repo.touch(tx, id, clock.now());
        await audit.record(tx, actor, {
          action: 'standard.unlink',
          entity: 'standard',
          entityId: id,
          before: { name: standard.name, course_id: link.courseId, exam_type_id: link.examTypeId, target: title ?? null },
          after: null,
        });
        return view(tx, id);
      });
    },

    async audience(id: number): Promise<StandardAudience> {
      if (!(await repo.standards(db, id)).length) throw AppError.notFound(m.notFound);
      const { finishers, holders, total } = await audienceOf(db, id);
      return { finishers, holders, total };
    },

    /**
     * Records a change with the links of this moment and how many it will tell; the delivery job sends the messages
     * afterwards (the caller starts it), so the request never waits for them.
     */
    async recordChange(actor: StaffActor, id: number, body: ChangeBody): Promise<RecordedChange> {
      const now = clock.now();
      if (body.changed_on > chinaDay(now)) throw AppError.badRequest(m.changedOnFuture, { changed_on: m.changedOnFuture });
      return db.transaction(async (tx) => {
        const standard = await locked(tx, id);
        const { courseIds, examTypeIds, finishers, holders, total } = await audienceOf(tx, id);
        const change = await repo.insertChange(tx, {
          standardId: id,
          changedOn: body.changed_on,
          note: body.note,
          courseIds,
          examTypeIds,
          audience: total,
          by: actor.id,
          now,
        });
        if (!change) throw AppError.conflict(m.changeTaken);
        await repo.touch(tx, id, now);
        await audit.record(tx, actor, {
          action: 'standard.change',
          entity: 'standard',
          entityId: id,
          before: null,
          after: { name: standard.name, changed_on: body.changed_on, note: body.note, course_ids: courseIds, exam_type_ids: examTypeIds, audience: total },
        });
        return { standard: await view(tx, id), audience: { finishers, holders, total } };
      });
    },

    /** The linked course or exam type now teaches the latest change: its public notice comes down. */
    async markUpdated(actor: StaffActor, id: number, linkId: number): Promise<AdminStandard> {
      return db.transaction(async (tx) => {
        const standard = await locked(tx, id);
        const link = await repo.linkOf(tx, id, linkId);
        if (!link) throw AppError.notFound(m.linkNotFound);
        const latest = await repo.latestChangeId(tx, id);
        if (latest <= link.updatedThrough) throw AppError.conflict(m.nothingToUpdate);
        const now = clock.now();
        await repo.markUpdated(tx, linkId, { through: latest, by: actor.id, now });
        await repo.touch(tx, id, now);
        const title = link.courseId !== null ? await repo.courseTitle(tx, link.courseId) : await repo.examTypeName(tx, link.examTypeId!);
        await audit.record(tx, actor, {
          action: 'standard.mark_updated',
          entity: 'standard',
          entityId: id,
          before: { name: standard.name, target: title ?? null, updated_through: link.updatedThrough },
          after: { name: standard.name, target: title ?? null, updated_through: latest },
        });
        return view(tx, id);
      });
    },

    async notices(query: NoticesQuery): Promise<StandardNotices> {
      const items = await repo.notices(db, query.course_id !== undefined ? { courseId: query.course_id } : { examType: query.exam_type! });
      return { items };
    },
  };
}
export type StandardsService = ReturnType<typeof createStandardsService>;
