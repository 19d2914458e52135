import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users';
import { magazineFiles, magazineIssues, magazineProgress, type TocItem } from './magazine.table';

export type IssueRow = typeof magazineIssues.$inferSelect;
export type FileKind = 'full' | 'sample';

export const magazineRepository = {
  async published(db: DbOrTx): Promise<IssueRow[]> {
    return db
      .select()
      .from(magazineIssues)
      .where(isNotNull(magazineIssues.publishedAt))
      .orderBy(desc(magazineIssues.year), desc(magazineIssues.month));
  },

  async all(db: DbOrTx): Promise<IssueRow[]> {
    return db.select().from(magazineIssues).orderBy(desc(magazineIssues.year), desc(magazineIssues.month));
  },

  async byId(db: DbOrTx, id: number): Promise<IssueRow | undefined> {
    const [row] = await db.select().from(magazineIssues).where(eq(magazineIssues.id, id));
    return row;
  },

  async byMonth(db: DbOrTx, year: number, month: number): Promise<IssueRow | undefined> {
    const [row] = await db
      .select()
      .from(magazineIssues)
      .where(and(eq(magazineIssues.year, year), eq(magazineIssues.month, month)));
    return row;
  },

  /** The latest published issue (by its month), the one non-members may sample. */
  async latestPublishedId(db: DbOrTx): Promise<number | null> {
    const [row] = await db
      .select({ id: magazineIssues.id })
      .from(magazineIssues)
      .where(isNotNull(magazineIssues.publishedAt))
      .orderBy(desc(magazineIssues.year), desc(magazineIssues.month))
      .limit(1);
    return row?.id ?? null;
  },

  /**
   * An issue and the records of its two PDFs. `keep` 'storage': the caller writes the files to storage (uploads);
   * 'database': the bytes stay in the row until they are moved to storage (the demo seed, which has no storage).
   */
  async insert(
    db: DbOrTx,
    v: Omit<typeof magazineIssues.$inferInsert, 'id'>,
    files: { full: Buffer; sample: Buffer },
    keep: 'storage' | 'database',
  ): Promise<IssueRow> {
    const [row] = await db.insert(magazineIssues).values(v).returning();
    const bytes = (b: Buffer) => (keep === 'database' ? b : null);
    await db.insert(magazineFiles).values([
      { issueId: row!.id, kind: 'full', bytes: bytes(files.full), size: files.full.length, updatedAt: v.createdAt },
      { issueId: row!.id, kind: 'sample', bytes: bytes(files.sample), size: files.sample.length, updatedAt: v.createdAt },
    ]);
    return row!;
  },

  async update(db: DbOrTx, id: number, v: { title: string; summary: string; toc: TocItem[]; now: Date }) {
    const [row] = await db
      .update(magazineIssues)
      .set({ title: v.title, summary: v.summary, toc: v.toc, updatedAt: v.now })
      .where(eq(magazineIssues.id, id))
      .returning();
    return row;
  },

  async publish(db: DbOrTx, id: number, now: Date) {
    const [row] = await db
      .update(magazineIssues)
      .set({ publishedAt: now, updatedAt: now })
      .where(and(eq(magazineIssues.id, id), sql`${magazineIssues.publishedAt} is null`))
      .returning();
    return row;
  },

  async deleteUnpublished(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .delete(magazineIssues)
      .where(and(eq(magazineIssues.id, id), sql`${magazineIssues.publishedAt} is null`))
      .returning({ id: magazineIssues.id });
    return rows.length > 0;
  },

  /** Size and version of a PDF, and whether its bytes are still in the database, without the bytes. */
  async fileInfo(db: DbOrTx, issueId: number, kind: FileKind) {
    const [row] = await db
      .select({
        size: magazineFiles.size,
        updatedAt: magazineFiles.updatedAt,
        inDatabase: sql<boolean>`${magazineFiles.bytes} is not null`,
      })
      .from(magazineFiles)
      .where(and(eq(magazineFiles.issueId, issueId), eq(magazineFiles.kind, kind)));
    return row;
  },

  /** The PDFs whose bytes are still in the database (written before the files moved to storage, or seeded). */
  async filesInDatabase(db: DbOrTx): Promise<{ issueId: number; kind: FileKind }[]> {
    return db
      .select({ issueId: magazineFiles.issueId, kind: magazineFiles.kind })
      .from(magazineFiles)
      .where(isNotNull(magazineFiles.bytes))
      .orderBy(asc(magazineFiles.issueId), asc(magazineFiles.kind));
  },

  /** The bytes of a PDF still kept in the database, or null. */
  async bytesInDatabase(db: DbOrTx, issueId: number, kind: FileKind): Promise<Buffer | null> {
    const [row] = await db
      .select({ bytes: magazineFiles.bytes })
      .from(magazineFiles)
      .where(and(eq(magazineFiles.issueId, issueId), eq(magazineFiles.kind, kind)));
    return row?.bytes ?? null;
  },

  /** Drops the database copy of a PDF now kept in storage; false when the row is gone (the issue was deleted). */
  async clearBytes(db: DbOrTx, issueId: number, kind: FileKind): Promise<boolean> {
    await db
      .update(magazineFiles)
      .set({ bytes: null })
      .where(and(eq(magazineFiles.issueId, issueId), eq(magazineFiles.kind, kind), isNotNull(magazineFiles.bytes)));
    return !!(await magazineRepository.fileInfo(db, issueId, kind));
  },

  async progress(db: DbOrTx, userId: number, issueId: number): Promise<number | null> {
    const [row] = await db
      .select({ page: magazineProgress.page })
      .from(magazineProgress)
      .where(and(eq(magazineProgress.userId, userId), eq(magazineProgress.issueId, issueId)));
    return row?.page ?? null;
  },

  async saveProgress(db: DbOrTx, userId: number, issueId: number, page: number, now: Date) {
    await db
      .insert(magazineProgress)
      .values({ userId, issueId, page, updatedAt: now })
      .onConflictDoUpdate({
        target: [magazineProgress.userId, magazineProgress.issueId],
        set: { page, updatedAt: now },
      });
  },

  /** Read-only: the account's membership end and staff flag. */
  async viewer(db: DbOrTx, userId: number) {
    const [row] = await db
      .select({ memberEndAt: users.memberEndAt, isStaff: users.isStaff })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /** Read-only: the accounts whose membership is live at `now` (told about a new issue). */
  async memberIds(db: DbOrTx, now: Date): Promise<number[]> {
    const rows = await db.select({ id: users.id }).from(users).where(gt(users.memberEndAt, now)).orderBy(asc(users.id));
    return rows.map((r) => r.id);
  },
};
