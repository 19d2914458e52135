import { createHash } from 'node:crypto';
import { z } from 'zod';
import { COURSE_SORTS, courseMessages, type CoursePriceType, type CourseSort } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { CourseKey } from './courses.repository';

/**
 * The course list's opaque paging cursor: the key of the first (prev) or last (next) course of a page, the
 * direction, the number of the page it opens, and a fingerprint of the filters it belongs to, as base64url JSON.
 * It is not signed: a hand-made cursor only ever selects published courses of the list it names.
 */
const cursorSchema = z.object({
  f: z.string().max(32),
  s: z.enum(COURSE_SORTS),
  d: z.enum(['next', 'prev']),
  v: z.string().max(64),
  i: z.number().int().positive(),
  p: z.number().int().positive(),
});
export type CourseCursor = z.infer<typeof cursorSchema>;

export interface CourseListFilters {
  tag?: number;
  keyword?: string;
  priceType?: CoursePriceType;
  sort: CourseSort;
  per: number;
}

/** The same for every request of one list (filters, order, page size), different for any other list. */
export function listFingerprint(l: CourseListFilters): string {
  const text = JSON.stringify([l.tag ?? null, l.keyword ?? null, l.priceType ?? null, l.sort, l.per]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

export function encodeCursor(list: CourseListFilters, dir: 'next' | 'prev', key: CourseKey, page: number): string {
  const body: CourseCursor = { f: listFingerprint(list), s: list.sort, d: dir, v: key.value, i: key.id, p: page };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The cursor's direction, key and page, or a 400 when it is malformed or belongs to another list. */
export function decodeCursor(raw: string, list: CourseListFilters): { dir: 'next' | 'prev'; key: CourseKey; page: number } {
  let body: CourseCursor | undefined;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success) body = parsed.data;
  } catch {
    body = undefined;
  }
  const valid =
    body !== undefined &&
    body.f === listFingerprint(list) &&
    body.s === list.sort &&
    (body.s === 'hotest' ? /^-?\d{1,10}$/.test(body.v) : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(body.v));
  if (!valid) throw AppError.badRequest(courseMessages.cursorInvalid, { cursor: courseMessages.cursorInvalid });
  return { dir: body!.d, key: { value: body!.v, id: body!.i }, page: body!.p };
}
