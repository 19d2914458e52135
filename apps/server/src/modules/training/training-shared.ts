import { sql } from 'drizzle-orm';
import { trainingMessages as m } from '@app/contracts';
import { rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { chinaDay } from '../../lib/china-time';

const DAY_MS = 86_400_000;

/** The company account behind a company endpoint; 403 for a personal account. */
export function companyOf(user: AuthUser): number {
  if (user.role !== 'company') throw AppError.forbidden(m.companyOnly);
  return user.id;
}

/** The person behind an employee endpoint; 403 for a company account. */
export function personOf(user: AuthUser): number {
  if (user.role !== 'personal') throw AppError.forbidden(m.personalOnly);
  return user.id;
}

/** The company's name and whether its licence verification passed (the recruiting area keeps both). */
export async function companyFacts(ex: Executor, companyId: number): Promise<{ name: string; verified: boolean }> {
  const [row] = await rowsOf<{ name: string | null; company_name: string | null; status: string | null }>(
    ex,
    sql`SELECT c.name, u.company_name, c.status FROM users u LEFT JOIN recruiting_companies c ON c.user_id = u.id WHERE u.id = ${companyId}`,
  );
  return { name: row?.name?.trim() || row?.company_name?.trim() || '企业', verified: row?.status === 'verified' };
}

/** 403 unless the company is verified: inviting, buying seats and assigning need it. */
export async function requireVerified(ex: Executor, companyId: number): Promise<{ name: string }> {
  const facts = await companyFacts(ex, companyId);
  if (!facts.verified) throw AppError.forbidden(m.companyNotVerified);
  return facts;
}

/** Real name, else nickname, else the masked phone: how a company names its employee. */
export const personName = (sqlAlias: string) =>
  sql.raw(`COALESCE(NULLIF(btrim(${sqlAlias}.real_name), ''), NULLIF(btrim(${sqlAlias}.nickname), ''), overlay(${sqlAlias}.phone placing '****' from 4 for 4))`);

/** Today in China, YYYY-MM-DD. */
export const chinaToday = (now: Date): string => chinaDay(now);

/** Whole days from today (China) to `day`: 0 on the day itself, negative after it. */
export function daysUntil(day: string, now: Date): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${chinaDay(now)}T00:00:00Z`)) / DAY_MS);
}

export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();
export const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : iso(v));
