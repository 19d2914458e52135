// Accounts with live sessions for API tests, made straight in the database (no SMS round trip).
import { eq } from 'drizzle-orm';
import type { Role, StaffRole } from '@app/contracts';
import { authRepository } from '../modules/auth/auth.repository';
import { generateSessionToken, hashSessionToken } from '../modules/auth/secrets';
import { usersRepository } from '../modules/users/users.repository';
import { users } from '../modules/users/users.table';
import type { TestApp } from './test-app';

const DAY_MS = 86_400_000;

let seq = 0;

export interface TestUser {
  id: number;
  phone: string;
  token: string;
  /** Request headers that authenticate as this user. */
  headers: { token: string };
}

async function openSession(t: TestApp, userId: number, phone: string, days: number): Promise<TestUser> {
  const now = t.clock.now();
  const token = generateSessionToken();
  await authRepository.insertSession(t.db, {
    userId,
    tokenHash: hashSessionToken(token),
    now,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
  });
  return { id: userId, phone, token, headers: { token } };
}

/**
 * A new account with a 30-day session and a phone unique within the test file's database.
 * `staff: true` gives it the 管理员 role (every permission), a list gives those roles.
 * `memberDays` makes it a member for that many more days; a company account gets a company name.
 */
export async function createUser(
  t: TestApp,
  opts: { role?: Role; staff?: boolean | StaffRole[]; memberDays?: number; nickname?: string } = {},
): Promise<TestUser> {
  const now = t.clock.now();
  const phone = `1360${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
  const id = await usersRepository.create(t.db, {
    phone,
    passwordHash: null,
    role: opts.role ?? 'personal',
    staffRoles: opts.staff === true ? ['admin'] : opts.staff || [],
    nickname: opts.nickname ?? null,
    companyName: opts.role === 'company' ? '测试财务咨询有限公司' : null,
    memberEndAt: opts.memberDays ? new Date(now.getTime() + opts.memberDays * DAY_MS) : null,
    now,
  });
  if (id === null) throw new Error(`phone ${phone} taken`);
  return openSession(t, id, phone, 30);
}

/** A one-day session for an existing (e.g. seeded demo) account. */
export async function sessionFor(t: TestApp, phone: string): Promise<TestUser> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no account ${phone}`);
  return openSession(t, u.id, phone, 1);
}
