import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users';

/** A person's membership at a moment, and the membership year that moment falls in. */
export interface MembershipState {
  active: boolean;
  endAt: Date | null;
  /** The membership year containing `now`: years count back from the end date in whole years. */
  yearStart: Date | null;
  yearEnd: Date | null;
}

const yearsBefore = (d: Date, n: number) => {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() - n);
  return x;
};

/** The membership year of `now` for a membership ending at `endAt` (null when not a member at `now`). */
export function membershipYear(endAt: Date | null, now: Date): { yearStart: Date; yearEnd: Date } | null {
  if (!endAt || endAt.getTime() <= now.getTime()) return null;
  let n = 0;
  while (yearsBefore(endAt, n + 1).getTime() > now.getTime()) n++;
  return { yearEnd: yearsBefore(endAt, n), yearStart: yearsBefore(endAt, n + 1) };
}

/** Membership state for other areas (live classes count free classes per membership year). */
export function membershipOf(db: DbOrTx) {
  return {
    /** Pass `tx` to read inside the caller's transaction. */
    async of(userId: number, now: Date, tx?: DbOrTx): Promise<MembershipState> {
      const [row] = await (tx ?? db).select({ endAt: users.memberEndAt }).from(users).where(eq(users.id, userId));
      const endAt = row?.endAt ?? null;
      const year = membershipYear(endAt, now);
      return { active: year !== null, endAt, yearStart: year?.yearStart ?? null, yearEnd: year?.yearEnd ?? null };
    },
  };
}
export type Membership = ReturnType<typeof membershipOf>;
