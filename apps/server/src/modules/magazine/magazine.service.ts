import {
  MAGAZINE_SAMPLE_PAGES,
  magazineMessages as m,
  type AdminMagazine,
  type MagazineCard,
  type MagazineList,
  type MagazineRead,
  type MagazineUpdateBody,
  type MagazineUploadFields,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { AuditTrail, StaffActor } from '../audit';
import type { MediaSigner } from '../courses';
import type { MessagesService } from '../messages';
import { inspectPdf, samplePdf } from './magazine.pdf';
import { magazineRepository as repo, type FileKind, type IssueRow } from './magazine.repository';

export const MAGAZINE_MEDIA_PREFIX = '/media/magazines/';
export const MAGAZINE_FILE_REGEX = /^([1-9]\d{0,9})-(full|sample)\.pdf$/;
/** The storage key of an issue's PDF; its file name is the one the signed media URL names. */
export const magazineFileKey = (issueId: number, kind: FileKind) => `magazines/${issueId}-${kind}.pdf`;
export const coverUrl = (row: Pick<IssueRow, 'id' | 'updatedAt'>) =>
  `/media/magazine-covers/${row.id}.svg?v=${row.updatedAt.getTime().toString(36)}`;

type Readable = MagazineCard['readable'];

const card = (row: IssueRow, readable: Readable): MagazineCard => ({
  id: row.id,
  title: row.title,
  issue_no: row.issueNo,
  year: row.year,
  month: row.month,
  summary: row.summary,
  cover_url: coverUrl(row),
  page_count: row.pageCount,
  published_at: row.publishedAt?.toISOString() ?? null,
  readable,
});

const adminView = (row: IssueRow): AdminMagazine => {
  const { readable: _r, ...rest } = card(row, 'none');
  return { ...rest, toc: row.toc, file_bytes: row.fileBytes };
};

export function createMagazineService(deps: {
  db: Db;
  clock: Clock;
  signer: MediaSigner;
  messages: MessagesService;
  /** Staff writes (upload, edit, publish, delete) are recorded in the audit log. */
  audit: AuditTrail;
  /** Where the PDFs are kept (`magazines/<id>-full.pdf`, `magazines/<id>-sample.pdf`). */
  storage: Storage;
}) {
  const { db, clock, signer, messages, storage } = deps;

  /**
   * Copies a PDF still kept in the database into storage, then clears the database copy. Safe to repeat and to run
   * in several processes at once: each writes the same bytes under the same key, and the copy is cleared only after
   * the file is in storage. A file whose issue was deleted meanwhile is removed again.
   */
  async function moveToStorage(issueId: number, kind: FileKind): Promise<void> {
    const bytes = await repo.bytesInDatabase(db, issueId, kind);
    if (!bytes) return;
    const key = magazineFileKey(issueId, kind);
    await storage.put(key, bytes, { contentType: 'application/pdf' });
    if (!(await repo.clearBytes(db, issueId, kind))) await storage.delete(key);
  }

  const removeFiles = (issueId: number) =>
    Promise.all((['full', 'sample'] as const).map((kind) => storage.delete(magazineFileKey(issueId, kind))));

  async function entitlement(userId: number): Promise<'full' | 'sample'> {
    const v = await repo.viewer(db, userId);
    if (v?.isStaff) return 'full';
    return v?.memberEndAt && v.memberEndAt.getTime() > clock.now().getTime() ? 'full' : 'sample';
  }

  /** What this viewer may read of an issue: all of it, its sample (the latest issue only), or nothing. */
  function readableOf(row: IssueRow, kind: 'full' | 'sample', latestId: number | null): Readable {
    if (kind === 'full') return 'full';
    return row.id === latestId ? 'sample' : 'none';
  }

  async function readableIssue(userId: number, id: number) {
    const row = await repo.byId(db, id);
    if (!row || !row.publishedAt) throw AppError.notFound(m.notFound);
    const kind = await entitlement(userId);
    const readable = readableOf(row, kind, await repo.latestPublishedId(db));
    if (readable === 'none') throw AppError.forbidden(m.notEntitled);
    return { row, readable };
  }

  return {
    async list(userId: number, year: number | undefined): Promise<MagazineList> {
      const [rows, kind] = await Promise.all([repo.published(db), entitlement(userId)]);
      const latestId = rows[0]?.id ?? null;
      const years = [...new Set(rows.map((r) => r.year))];
      const shown = year ?? years[0] ?? null;
      return {
        years,
        year: shown,
        is_member: kind === 'full',
        latest_id: latestId,
        sample_pages: MAGAZINE_SAMPLE_PAGES,
        issues: rows.filter((r) => r.year === shown).map((r) => card(r, readableOf(r, kind, latestId))),
      };
    },

    async read(userId: number, id: number): Promise<MagazineRead> {
      const { row, readable } = await readableIssue(userId, id);
      const kind: FileKind = readable === 'full' ? 'full' : 'sample';
      const pdfPages = kind === 'full' ? row.pageCount : row.samplePages;
      const last = (await repo.progress(db, userId, id)) ?? 1;
      return {
        ...card(row, readable),
        // A sample reader sees only the entries of the pages in the sample.
        toc: kind === 'full' ? row.toc : row.toc.filter((t) => t.page <= pdfPages),
        pdf_url: await signer.sign(`${row.id}-${kind}.pdf`, clock.now()),
        pdf_pages: pdfPages,
        last_page: Math.min(Math.max(1, last), pdfPages),
      };
    },

    async saveProgress(userId: number, id: number, page: number): Promise<{ last_page: number }> {
      const { row, readable } = await readableIssue(userId, id);
      const max = readable === 'full' ? row.pageCount : row.samplePages;
      if (page > max) throw AppError.badRequest(m.pageInvalid);
      await repo.saveProgress(db, userId, id, page, clock.now());
      return { last_page: page };
    },

    /** A signed media request (the app's signature checked first): the storage key of the PDF, or 404. */
    async media(file: string, exp: unknown, sig: unknown): Promise<{ key: string }> {
      const hit = MAGAZINE_FILE_REGEX.exec(file);
      if (!hit || !(await signer.verify(file, exp, sig, clock.now()))) throw AppError.notFound(m.fileNotFound);
      const issueId = Number(hit[1]);
      const kind = hit[2] as FileKind;
      const info = await repo.fileInfo(db, issueId, kind);
      if (!info) throw AppError.notFound(m.fileNotFound);
      if (info.inDatabase) await moveToStorage(issueId, kind);
      return { key: magazineFileKey(issueId, kind) };
    },

    /** Moves every PDF still kept in the database into storage (at start-up); returns how many were moved. */
    async moveFilesToStorage(): Promise<number> {
      const pending = await repo.filesInDatabase(db);
      for (const f of pending) await moveToStorage(f.issueId, f.kind);
      return pending.length;
    },

    async cover(id: number) {
      const row = await repo.byId(db, id);
      return row ?? null;
    },

    // ---- staff ------------------------------------------------------------------------------------------------

    async adminList(): Promise<{ items: AdminMagazine[] }> {
      return { items: (await repo.all(db)).map(adminView) };
    },

    async upload(actor: StaffActor, fields: MagazineUploadFields, bytes: Buffer): Promise<AdminMagazine> {
      const { doc, pages } = await inspectPdf(bytes);
      if (await repo.byMonth(db, fields.year, fields.month)) throw AppError.conflict(m.issueTaken);
      const samplePages = Math.min(MAGAZINE_SAMPLE_PAGES, pages);
      const sample = await samplePdf(doc, samplePages);
      const now = clock.now();
      let createdId: number | null = null;
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insert(
            tx,
            {
              title: fields.title,
              issueNo: fields.issue_no,
              year: fields.year,
              month: fields.month,
              summary: fields.summary,
              toc: [],
              pageCount: pages,
              samplePages,
              fileBytes: bytes.length,
              coverHue: (fields.year * 12 + fields.month) * 37 % 360,
              publishedAt: null,
              createdAt: now,
              updatedAt: now,
            },
            { full: bytes, sample },
            'storage',
          );
          // Written before the commit, so a committed issue always has its files; the keys are this new row's.
          createdId = created.id;
          await storage.put(magazineFileKey(created.id, 'full'), bytes, { contentType: 'application/pdf' });
          await storage.put(magazineFileKey(created.id, 'sample'), sample, { contentType: 'application/pdf' });
          await deps.audit.record(tx, actor, {
            action: 'magazine.upload',
            entity: 'magazine',
            entityId: created.id,
            before: null,
            after: { ...fields, page_count: pages, file_bytes: bytes.length },
          });
          return created;
        });
        return adminView(row);
      } catch (err) {
        // The row was not committed: its files must not stay behind.
        if (createdId !== null) await removeFiles(createdId);
        if (isUniqueViolation(err)) throw AppError.conflict(m.issueTaken);
        throw err;
      }
    },

    async update(actor: StaffActor, id: number, body: MagazineUpdateBody): Promise<AdminMagazine> {
      const row = await repo.byId(db, id);
      if (!row) throw AppError.notFound(m.notFound);
      if (body.toc.some((t) => t.page > row.pageCount)) throw AppError.badRequest(m.tocPageInvalid);
      const toc = [...body.toc].sort((a, b) => a.page - b.page);
      const updated = await db.transaction(async (tx) => {
        const after = await repo.update(tx, id, { title: body.title, summary: body.summary, toc, now: clock.now() });
        if (!after) throw AppError.notFound(m.notFound);
        await deps.audit.record(tx, actor, {
          action: 'magazine.update',
          entity: 'magazine',
          entityId: id,
          before: { title: row.title, summary: row.summary, toc: row.toc },
          after: { title: body.title, summary: body.summary, toc },
        });
        return after;
      });
      return adminView(updated);
    },

    /** Publishes an issue and tells every member in their message centre, in one transaction. */
    async publish(actor: StaffActor, id: number): Promise<AdminMagazine> {
      const row = await repo.byId(db, id);
      if (!row) throw AppError.notFound(m.notFound);
      if (row.publishedAt) throw AppError.conflict(m.alreadyPublished);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const done = await repo.publish(tx, id, now);
        if (!done) throw AppError.conflict(m.alreadyPublished);
        for (const userId of await repo.memberIds(tx, now)) {
          await messages.send(userId, m.newIssueTitle(done.title), m.newIssueContent(done.title), tx);
        }
        await deps.audit.record(tx, actor, {
          action: 'magazine.publish',
          entity: 'magazine',
          entityId: id,
          before: { title: row.title, published_at: null },
          after: { title: done.title, published_at: now.toISOString() },
        });
        return adminView(done);
      });
    },

    async remove(actor: StaffActor, id: number): Promise<void> {
      const row = await repo.byId(db, id);
      if (!row) throw AppError.notFound(m.notFound);
      if (row.publishedAt) throw AppError.conflict(m.alreadyPublished);
      await db.transaction(async (tx) => {
        if (!(await repo.deleteUnpublished(tx, id))) throw AppError.conflict(m.alreadyPublished);
        await deps.audit.record(tx, actor, {
          action: 'magazine.remove',
          entity: 'magazine',
          entityId: id,
          before: { title: row.title, year: row.year, month: row.month },
          after: null,
        });
      });
      await removeFiles(id);
    },
  };
}
export type MagazineService = ReturnType<typeof createMagazineService>;
