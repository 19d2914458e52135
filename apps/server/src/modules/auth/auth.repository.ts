import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { pgArray } from '../../db/pg-array';
import type { Executor } from '../../db/sql';
import { users } from '../users';
import { authLoginFailures, authSessions, authSmsCodes, authSmsOutbox, authSmsSends } from './auth.table';

export type UserRow = typeof users.$inferSelect;

/**
 * The sessions of an array of token hashes (parameter `hashes`, a text[] literal), with their accounts, as a named
 * prepared statement: PostgreSQL parses and plans it once per connection.
 */
function sessionsQuery(db: Executor) {
  const query = db
    .select({
      tokenHash: authSessions.tokenHash,
      sessionId: authSessions.id,
      touchedAt: authSessions.touchedAt,
      expiresAt: authSessions.expiresAt,
      userId: users.id,
      phone: users.phone,
      role: users.role,
      staffRoles: users.staffRoles,
      disabled: users.disabled,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(sql`${authSessions.tokenHash} = ANY(${sql.placeholder('hashes')}::text[])`)
    .prepare('auth_find_sessions');
  return (tokenHashes: readonly string[]) => query.execute({ hashes: pgArray([...new Set(tokenHashes)]) });
}

export const authRepository = {
  async findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
    return row;
  },

  async findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  /** Locks the user row until the transaction ends (serialises logins of one account). */
  async lockUser(tx: Executor, id: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  },

  // --- SMS ---------------------------------------------------------------------------------------------------

  async countPhoneSendsSince(db: Executor, phone: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(authSmsSends)
      .where(and(eq(authSmsSends.phone, phone), gt(authSmsSends.createdAt, since)));
    return row?.n ?? 0;
  },

  async countIpSendsSince(db: Executor, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(authSmsSends)
      .where(and(eq(authSmsSends.ip, ip), gt(authSmsSends.createdAt, since)));
    return row?.n ?? 0;
  },

  async recordSend(db: Executor, phone: string, ip: string, now: Date, pruneBefore: Date): Promise<void> {
    await db.insert(authSmsSends).values({ phone, ip, createdAt: now });
    await db
      .delete(authSmsSends)
      .where(and(eq(authSmsSends.phone, phone), lt(authSmsSends.createdAt, pruneBefore)));
  },

  /** Voids every live code of this phone and purpose, then stores the new one. */
  async replaceCode(
    db: Executor,
    v: { phone: string; purpose: string; codeHash: string; now: Date; expiresAt: Date; pruneBefore: Date },
  ): Promise<number> {
    await db
      .update(authSmsCodes)
      .set({ consumedAt: v.now })
      .where(
        and(
          eq(authSmsCodes.phone, v.phone),
          eq(authSmsCodes.purpose, v.purpose),
          isNull(authSmsCodes.consumedAt),
        ),
      );
    await db
      .delete(authSmsCodes)
      .where(and(eq(authSmsCodes.phone, v.phone), lt(authSmsCodes.createdAt, v.pruneBefore)));
    const [row] = await db
      .insert(authSmsCodes)
      .values({
        phone: v.phone,
        purpose: v.purpose,
        codeHash: v.codeHash,
        createdAt: v.now,
        expiresAt: v.expiresAt,
      })
      .returning({ id: authSmsCodes.id });
    return row!.id;
  },

  async voidCode(db: Executor, id: number, now: Date): Promise<void> {
    await db.update(authSmsCodes).set({ consumedAt: now }).where(eq(authSmsCodes.id, id));
  },

  /**
   * Spends one try on the live code of this phone and purpose, atomically: a code with `maxAttempts` tries spent,
   * used, replaced or expired is not returned.
   */
  async spendCodeAttempt(db: Executor, phone: string, purpose: string, now: Date, maxAttempts: number) {
    return db
      .update(authSmsCodes)
      .set({ attempts: sql`${authSmsCodes.attempts} + 1` })
      .where(
        and(
          eq(authSmsCodes.phone, phone),
          eq(authSmsCodes.purpose, purpose),
          isNull(authSmsCodes.consumedAt),
          gt(authSmsCodes.expiresAt, now),
          lt(authSmsCodes.attempts, maxAttempts),
        ),
      )
      .returning({ id: authSmsCodes.id, codeHash: authSmsCodes.codeHash });
  },

  /** Marks a code used; false when another request used it first. */
  async consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(authSmsCodes)
      .set({ consumedAt: now })
      .where(and(eq(authSmsCodes.id, id), isNull(authSmsCodes.consumedAt)))
      .returning({ id: authSmsCodes.id });
    return rows.length > 0;
  },

  async addOutbox(
    db: Executor,
    v: { phone: string; purpose: string; content: string; now: Date },
  ): Promise<void> {
    await db
      .insert(authSmsOutbox)
      .values({ phone: v.phone, purpose: v.purpose, content: v.content, createdAt: v.now });
  },

  async listOutbox(db: Executor, phone: string, limit: number) {
    return db
      .select()
      .from(authSmsOutbox)
      .where(eq(authSmsOutbox.phone, phone))
      .orderBy(desc(authSmsOutbox.id))
      .limit(limit);
  },

  // --- password failures -------------------------------------------------------------------------------------

  async countUserFailuresSince(db: Executor, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(authLoginFailures)
      .where(and(eq(authLoginFailures.userId, userId), gt(authLoginFailures.createdAt, since)));
    return row?.n ?? 0;
  },

  async countIpFailuresSince(db: Executor, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(authLoginFailures)
      .where(and(eq(authLoginFailures.ip, ip), gt(authLoginFailures.createdAt, since)));
    return row?.n ?? 0;
  },

  async addFailure(db: Executor, userId: number | null, ip: string, now: Date): Promise<number> {
    const [row] = await db
      .insert(authLoginFailures)
      .values({ userId, ip, createdAt: now })
      .returning({ id: authLoginFailures.id });
    return row!.id;
  },

  async deleteFailure(db: Executor, id: number): Promise<void> {
    await db.delete(authLoginFailures).where(eq(authLoginFailures.id, id));
  },

  async clearUserFailures(db: Executor, userId: number): Promise<void> {
    await db.delete(authLoginFailures).where(eq(authLoginFailures.userId, userId));
  },

  async pruneFailures(db: Executor, before: Date): Promise<void> {
    await db.delete(authLoginFailures).where(lt(authLoginFailures.createdAt, before));
  },

  async setLockedUntil(db: Executor, userId: number, until: Date | null): Promise<void> {
    await db.update(users).set({ lockedUntil: until }).where(eq(users.id, userId));
  },

  // --- sessions ----------------------------------------------------------------------------------------------

  /** Sessions of the account that have not expired (a new login replaces the old one: 0 or 1). */
  async countLiveSessions(db: Executor, userId: number, now: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now)));
    return row?.n ?? 0;
  },

  /** Deletes the account's sessions; returns their expiry times. */
  async deleteUserSessions(db: Executor, userId: number) {
    return db
      .delete(authSessions)
      .where(eq(authSessions.userId, userId))
      .returning({ expiresAt: authSessions.expiresAt });
  },

  async insertSession(
    db: Executor,
    v: { userId: number; tokenHash: string; now: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(authSessions).values({
      userId: v.userId,
      tokenHash: v.tokenHash,
      createdAt: v.now,
      touchedAt: v.now,
      expiresAt: v.expiresAt,
    });
  },

  /** The sessions (with their accounts) of several token hashes in one query; unknown hashes are absent. */
  async findSessions(db: Executor, tokenHashes: readonly string[]) {
    return sessionsQuery(db)(tokenHashes);
  },

  /**
   * findSessions built once for one handle: every authenticated request looks its session up, and building the
   * statement anew each time was a tenth of the server's time under load (and PostgreSQL re-planned it); prepared,
   * only the array of hashes changes.
   */
  prepareFindSessions(db: Executor) {
    return sessionsQuery(db);
  },

  async touchSession(db: Executor, sessionId: number, now: Date, expiresAt: Date): Promise<void> {
    await db.update(authSessions).set({ touchedAt: now, expiresAt }).where(eq(authSessions.id, sessionId));
  },

  async sessionLive(db: Executor, sessionId: number, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, now)))
      .limit(1);
    return row !== undefined;
  },

  async deleteSession(db: Executor, sessionId: number): Promise<void> {
    await db.delete(authSessions).where(eq(authSessions.id, sessionId));
  },
};
