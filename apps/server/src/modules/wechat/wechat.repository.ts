import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/sql';
import {
  wechatBindings,
  wechatCredentials,
  wechatOauthStates,
  wechatPayerOpenids,
  wechatSignInTickets,
} from './wechat.table';

export type BindingRow = typeof wechatBindings.$inferSelect;
export type StateRow = typeof wechatOauthStates.$inferSelect;
export type CredentialRow = typeof wechatCredentials.$inferSelect;

export const wechatRepository = {
  async insertState(
    db: Executor,
    v: { stateHash: string; purpose: string; redirect: string; userId: number | null; sessionId: number | null; now: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(wechatOauthStates).values({ ...v, createdAt: v.now });
    // Housekeeping: states older than a day are of no use to anyone.
    await db.delete(wechatOauthStates).where(lt(wechatOauthStates.expiresAt, new Date(v.now.getTime() - 86_400_000)));
  },

  /** Marks a live, unused state used and returns it; undefined for an unknown, expired or used one. */
  async useState(db: Executor, stateHash: string, now: Date): Promise<StateRow | undefined> {
    const [row] = await db
      .update(wechatOauthStates)
      .set({ usedAt: now })
      .where(
        and(eq(wechatOauthStates.stateHash, stateHash), isNull(wechatOauthStates.usedAt), gt(wechatOauthStates.expiresAt, now)),
      )
      .returning();
    return row;
  },

  async bindingOfUser(db: Executor, userId: number, appId: string): Promise<BindingRow | undefined> {
    const [row] = await db
      .select()
      .from(wechatBindings)
      .where(and(eq(wechatBindings.userId, userId), eq(wechatBindings.appId, appId)))
      .limit(1);
    return row;
  },

  async bindingOfOpenid(db: Executor, appId: string, openid: string): Promise<BindingRow | undefined> {
    const [row] = await db
      .select()
      .from(wechatBindings)
      .where(and(eq(wechatBindings.appId, appId), eq(wechatBindings.openid, openid)))
      .limit(1);
    return row;
  },

  /** Adds the binding; false when the account or the WeChat identity is already bound (unique keys). */
  async insertBinding(
    db: Executor,
    v: { userId: number; appId: string; openid: string; unionid: string | null; nickname: string | null; avatarUrl: string | null; now: Date },
  ): Promise<boolean> {
    const rows = await db
      .insert(wechatBindings)
      .values({ ...v, createdAt: v.now })
      .onConflictDoNothing()
      .returning({ userId: wechatBindings.userId });
    return rows.length === 1;
  },

  async deleteBinding(db: Executor, userId: number): Promise<boolean> {
    const rows = await db.delete(wechatBindings).where(eq(wechatBindings.userId, userId)).returning({ userId: wechatBindings.userId });
    return rows.length === 1;
  },

  async upsertPayer(db: Executor, v: { userId: number; appId: string; openid: string; now: Date }): Promise<void> {
    await db
      .insert(wechatPayerOpenids)
      .values({ userId: v.userId, appId: v.appId, openid: v.openid, updatedAt: v.now })
      .onConflictDoUpdate({
        target: [wechatPayerOpenids.userId, wechatPayerOpenids.appId],
        set: { openid: v.openid, updatedAt: v.now },
      });
  },

  /** The bound openid, else the remembered payer openid, of an account for one AppID. */
  async payerOpenid(db: Executor, userId: number, appId: string): Promise<string | null> {
    const bound = await this.bindingOfUser(db, userId, appId);
    if (bound) return bound.openid;
    const [row] = await db
      .select({ openid: wechatPayerOpenids.openid })
      .from(wechatPayerOpenids)
      .where(and(eq(wechatPayerOpenids.userId, userId), eq(wechatPayerOpenids.appId, appId)))
      .limit(1);
    return row?.openid ?? null;
  },

  async insertTicket(db: Executor, v: { ticketHash: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
    await db.insert(wechatSignInTickets).values({ ...v, createdAt: v.now });
    await db.delete(wechatSignInTickets).where(lt(wechatSignInTickets.expiresAt, new Date(v.now.getTime() - 86_400_000)));
  },

  /** Uses a live ticket once; returns its account. */
  async useTicket(db: Executor, ticketHash: string, now: Date): Promise<number | undefined> {
    const [row] = await db
      .update(wechatSignInTickets)
      .set({ usedAt: now })
      .where(
        and(eq(wechatSignInTickets.ticketHash, ticketHash), isNull(wechatSignInTickets.usedAt), gt(wechatSignInTickets.expiresAt, now)),
      )
      .returning({ userId: wechatSignInTickets.userId });
    return row?.userId;
  },

  async credential(db: Executor, appId: string, kind: string): Promise<CredentialRow | undefined> {
    const [row] = await db
      .select()
      .from(wechatCredentials)
      .where(and(eq(wechatCredentials.appId, appId), eq(wechatCredentials.kind, kind)))
      .limit(1);
    return row;
  },

  /**
   * Takes the refresh lease of a credential until `until` when nobody holds it (or the holder's lease ran out);
   * true when this caller holds it. One statement, so of several processes exactly one wins.
   */
  async takeLease(db: Executor, appId: string, kind: string, now: Date, until: Date): Promise<boolean> {
    const rows = await db
      .insert(wechatCredentials)
      .values({ appId, kind, leaseUntil: until })
      .onConflictDoUpdate({
        target: [wechatCredentials.appId, wechatCredentials.kind],
        set: { leaseUntil: until },
        setWhere: or(isNull(wechatCredentials.leaseUntil), lt(wechatCredentials.leaseUntil, now)),
      })
      .returning({ kind: wechatCredentials.kind });
    return rows.length === 1;
  },

  async storeCredential(
    db: Executor,
    v: { appId: string; kind: string; value: string; expiresAt: Date; now: Date },
  ): Promise<void> {
    await db
      .update(wechatCredentials)
      .set({ value: v.value, expiresAt: v.expiresAt, refreshedAt: v.now, leaseUntil: null })
      .where(and(eq(wechatCredentials.appId, v.appId), eq(wechatCredentials.kind, v.kind)));
  },

  async releaseLease(db: Executor, appId: string, kind: string): Promise<void> {
    await db
      .update(wechatCredentials)
      .set({ leaseUntil: null })
      .where(and(eq(wechatCredentials.appId, appId), eq(wechatCredentials.kind, kind)));
  },

  /** Forgets a stored value WeChat no longer accepts (errcode 40001/42001), so the next caller refreshes it. */
  async expireCredential(db: Executor, appId: string, kind: string, value: string): Promise<void> {
    await db
      .update(wechatCredentials)
      .set({ expiresAt: new Date(0) })
      .where(and(eq(wechatCredentials.appId, appId), eq(wechatCredentials.kind, kind), eq(wechatCredentials.value, value)));
  },
};
