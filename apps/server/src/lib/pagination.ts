import type { Paged, PageQuery } from '@app/contracts';

/** LIMIT/OFFSET of a page query (`page` from 1). */
export function pageWindow(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.per, offset: (q.page - 1) * q.per };
}

/** Wraps one page of rows in the contracts' paged shape. */
export function toPaged<T>(list: T[], total: number, q: PageQuery): Paged<T> {
  return { list, total, page: q.page, per: q.per };
}
