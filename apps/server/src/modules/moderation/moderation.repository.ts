import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ModerationKind, ModerationState } from '@app/contracts';
import { rowsOf, type Executor } from '../../db/sql';
import { moderationItems, moderationReports, moderationWords } from './moderation.table';
import type { ScreenInput } from './moderation.ports';

export type ItemRow = typeof moderationItems.$inferSelect;

export interface ListRow {
  id: number;
  kind: ModerationKind;
  source_id: number;
  state: ModerationState;
  text: string;
  context: string;
  link: string | null;
  author_id: number | null;
  author_nickname: string | null;
  author_phone: string | null;
  flagged_words: string[];
  report_count: number;
  reports: { reason: string; count: number }[] | null;
  hide_reason: string | null;
  handler_nickname: string | null;
  handler_phone: string | null;
  handled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Longest text kept in the queue's snapshot. */
const TEXT_MAX = 2000;

export const moderationRepository = {
  async words(db: Executor): Promise<{ blocked: string[]; allowed: string[] }> {
    const rows = await db.select({ kind: moderationWords.kind, word: moderationWords.word }).from(moderationWords);
    // Pinyin order for staff, the same on every database collation.
    rows.sort((a, b) => a.word.localeCompare(b.word, 'zh-Hans-CN'));
    return {
      blocked: rows.filter((r) => r.kind === 'blocked').map((r) => r.word),
      allowed: rows.filter((r) => r.kind === 'allowed').map((r) => r.word),
    };
  },

  async replaceWords(tx: Executor, lists: { blocked: string[]; allowed: string[] }, now: Date) {
    await tx.delete(moderationWords);
    const rows = [
      ...lists.blocked.map((word) => ({ kind: 'blocked' as const, word, createdAt: now })),
      ...lists.allowed.map((word) => ({ kind: 'allowed' as const, word, createdAt: now })),
    ];
    if (rows.length) await tx.insert(moderationWords).values(rows);
  },

  /**
   * Puts a record in the queue or refreshes its snapshot. `flags` are merged into the item's words; a hidden item
   * stays hidden, any other goes back to pending (new words or a new report need a new look).
   */
  async upsert(db: Executor, v: ScreenInput & { flags: string[]; now: Date }): Promise<number> {
    const [row] = await db
      .insert(moderationItems)
      .values({
        kind: v.kind,
        sourceId: v.sourceId,
        authorId: v.authorId,
        text: v.text.slice(0, TEXT_MAX),
        context: v.context,
        link: v.link,
        flaggedWords: v.flags,
        createdAt: v.now,
        updatedAt: v.now,
      })
      .onConflictDoUpdate({
        target: [moderationItems.kind, moderationItems.sourceId],
        set: {
          text: sql`excluded.text`,
          context: sql`excluded.context`,
          link: sql`excluded.link`,
          flaggedWords: sql`ARRAY(SELECT DISTINCT unnest(${moderationItems.flaggedWords} || excluded.flagged_words))`,
          state: sql`CASE WHEN ${moderationItems.state} = 'hidden' THEN 'hidden' ELSE 'pending' END`,
          updatedAt: v.now,
        },
      })
      .returning({ id: moderationItems.id });
    return row!.id;
  },

  /** False when this user already reported the item. */
  async addReport(tx: Executor, v: { itemId: number; userId: number; reason: string; note: string; now: Date }) {
    const rows = await tx
      .insert(moderationReports)
      .values({ itemId: v.itemId, userId: v.userId, reason: v.reason, note: v.note, createdAt: v.now })
      .onConflictDoNothing()
      .returning({ id: moderationReports.id });
    if (!rows.length) return false;
    await tx
      .update(moderationItems)
      .set({ reportCount: sql`${moderationItems.reportCount} + 1` })
      .where(eq(moderationItems.id, v.itemId));
    return true;
  },

  async lock(tx: Executor, id: number): Promise<ItemRow | undefined> {
    const [row] = await tx.select().from(moderationItems).where(eq(moderationItems.id, id)).for('update');
    return row;
  },

  async setState(
    tx: Executor,
    id: number,
    v: { state: ModerationState; hideReason: string | null; handledBy: number; now: Date },
  ) {
    await tx
      .update(moderationItems)
      .set({ state: v.state, hideReason: v.hideReason, handledBy: v.handledBy, handledAt: v.now, updatedAt: v.now })
      .where(eq(moderationItems.id, id));
  },

  async page(db: Executor, q: { state: ModerationState; kind?: ModerationKind; limit: number; offset: number }) {
    const kindWhere: SQL = q.kind ? sql`i.kind = ${q.kind}` : sql`TRUE`;
    const [rows, counts] = await Promise.all([
      rowsOf<ListRow>(
        db,
        sql`SELECT i.id, i.kind, i.source_id, i.state, i.text, i.context, i.link, i.author_id,
                   a.nickname AS author_nickname, a.phone AS author_phone, i.flagged_words, i.report_count,
                   (SELECT json_agg(json_build_object('reason', r.reason, 'count', r.n) ORDER BY r.n DESC, r.reason)
                      FROM (SELECT reason, count(*)::int AS n FROM moderation_reports WHERE item_id = i.id GROUP BY reason) r
                   ) AS reports,
                   i.hide_reason, h.nickname AS handler_nickname, h.phone AS handler_phone, i.handled_at,
                   i.created_at, i.updated_at
              FROM moderation_items i
              LEFT JOIN users a ON a.id = i.author_id
              LEFT JOIN users h ON h.id = i.handled_by
             WHERE i.state = ${q.state} AND ${kindWhere}
             ORDER BY i.updated_at DESC, i.id DESC
             LIMIT ${q.limit} OFFSET ${q.offset}`,
      ),
      rowsOf<{ state: ModerationState; n: number }>(
        db,
        sql`SELECT i.state, count(*)::int AS n FROM moderation_items i WHERE ${kindWhere} GROUP BY i.state`,
      ),
    ]);
    return { rows, counts };
  },

  async bySource(db: Executor, kind: ModerationKind, sourceId: number) {
    const [row] = await db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.kind, kind), eq(moderationItems.sourceId, sourceId)));
    return row;
  },
};
