import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BaseManagerStatus } from '@app/contracts';
import type { Executor } from '../../db/sql';
import { users } from '../users';
import { regionsManagerApplications as apps, type ManagerApplicationRow } from './regions.table';

export type ManagerApplicationValues = Omit<
  typeof apps.$inferInsert,
  'id' | 'status' | 'reviewReason' | 'reviewedAt' | 'reviewedBy'
>;

const reviewer = alias(users, 'reviewer');

/** An application with its applicant's account and its reviewer, as the staff list shows it. */
export interface AdminApplicationRow {
  application: ManagerApplicationRow;
  applicant: { phone: string; realName: string | null; nickname: string | null; companyName: string | null };
  reviewer: { phone: string; nickname: string | null } | null;
}

async function adminRows(db: Executor, where: SQL | undefined, limit: number, offset: number): Promise<AdminApplicationRow[]> {
  const rows = await db
    .select({
      application: apps,
      applicant: {
        phone: users.phone,
        realName: users.realName,
        nickname: users.nickname,
        companyName: users.companyName,
      },
      reviewerPhone: reviewer.phone,
      reviewerNickname: reviewer.nickname,
    })
    .from(apps)
    .innerJoin(users, eq(users.id, apps.userId))
    .leftJoin(reviewer, eq(reviewer.id, apps.reviewedBy))
    .where(where)
    .orderBy(desc(apps.createdAt), desc(apps.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    application: r.application,
    applicant: r.applicant,
    reviewer: r.reviewerPhone === null ? null : { phone: r.reviewerPhone, nickname: r.reviewerNickname },
  }));
}

export const regionsRepository = {
  /** Applications of an account sent after `since` (the per-account limit). */
  async countByUserSince(db: Executor, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(apps)
      .where(and(eq(apps.userId, userId), gt(apps.createdAt, since)));
    return row?.n ?? 0;
  },

  /** Applications from a client address after `since` (the per-address limit). */
  async countByIpSince(db: Executor, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(apps)
      .where(and(eq(apps.ip, ip), gt(apps.createdAt, since)));
    return row?.n ?? 0;
  },

  async hasPending(db: Executor, userId: number, region: string): Promise<boolean> {
    const [row] = await db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.userId, userId), eq(apps.region, region), eq(apps.status, 'pending')))
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, values: ManagerApplicationValues): Promise<ManagerApplicationRow> {
    const [row] = await db.insert(apps).values(values).returning();
    return row!;
  },

  /** An account's applications, newest first (at most `limit`). */
  async ofUser(db: Executor, userId: number, limit: number): Promise<ManagerApplicationRow[]> {
    return db
      .select()
      .from(apps)
      .where(eq(apps.userId, userId))
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(limit);
  },

  async byId(db: Executor, id: number): Promise<ManagerApplicationRow | undefined> {
    const [row] = await db.select().from(apps).where(eq(apps.id, id));
    return row;
  },

  async adminPage(
    db: Executor,
    filter: { status?: BaseManagerStatus; region?: string },
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminApplicationRow[]; total: number }> {
    const where = and(
      filter.status ? eq(apps.status, filter.status) : undefined,
      filter.region ? eq(apps.region, filter.region) : undefined,
    );
    const rows = await adminRows(db, where, limit, offset);
    const [row] = await db.select({ n: count() }).from(apps).where(where);
    return { rows, total: row?.n ?? 0 };
  },

  async adminOne(db: Executor, id: number): Promise<AdminApplicationRow | undefined> {
    return (await adminRows(db, eq(apps.id, id), 1, 0))[0];
  },

  /**
   * Answers a pending application; undefined when it is no longer pending (a second reviewer, a second click):
   * the status test in the statement makes the answer happen once.
   */
  async review(
    db: Executor,
    id: number,
    change: { status: Exclude<BaseManagerStatus, 'pending'>; reason: string | null; by: number; at: Date },
  ): Promise<ManagerApplicationRow | undefined> {
    const [row] = await db
      .update(apps)
      .set({ status: change.status, reviewReason: change.reason, reviewedBy: change.by, reviewedAt: change.at })
      .where(and(eq(apps.id, id), eq(apps.status, 'pending')))
      .returning();
    return row;
  },
};
