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

  async insert(
    db: DbOrTx,
    v: Omit<typeof magazineIssues.$inferInsert, 'id'>,
    files: { full: Buffer; sample: Buffer },
  ): Promise<IssueRow> {
    const [row] = await db.insert(magazineIssues).values(v).returning();
    await db.insert(magazineFiles).values([
      { issueId: row!.id, kind: 'full', bytes: files.full, size: files.full.length, updatedAt: v.createdAt },
      { issueId: row!.id, kind: 'sample', bytes: files.sample, size: files.sample.length, updatedAt: v.createdAt },
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

  /** Size and version of a stored PDF, without its bytes. */
  async fileInfo(db: DbOrTx, issueId: number, kind: FileKind) {
    const [row] = await db
      .select({ size: magazineFiles.size, updatedAt: magazineFiles.updatedAt })
      .from(magazineFiles)
      .where(and(eq(magazineFiles.issueId, issueId), eq(magazineFiles.kind, kind)));
    return row;
  },

  /** Bytes start..end (inclusive) of a stored PDF, cut in the database so a range request reads only its part. */
  async fileSlice(db: DbOrTx, issueId: number, kind: FileKind, start: number, end: number): Promise<Buffer> {
    const [row] = await db
      .select({ part: sql<Buffer>`substring(${magazineFiles.bytes} from ${start + 1}::int for ${end - start + 1}::int)` })
      .from(magazineFiles)
      .where(and(eq(magazineFiles.issueId, issueId), eq(magazineFiles.kind, kind)));
    const part = row?.part as Buffer | Uint8Array | string | undefined;
    if (part === undefined) return Buffer.alloc(0);
    if (typeof part === 'string') return Buffer.from(part.startsWith('\\x') ? part.slice(2) : part, 'hex');
    return Buffer.isBuffer(part) ? part : Buffer.from(part);
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
