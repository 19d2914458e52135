import { z } from 'zod';

export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 10;

/** Query of every paged list: `page` from 1, `per` capped at MAX_PER_PAGE. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, '页码必须大于0').default(1),
  per: z.coerce.number().int().min(1, '每页数量必须大于0').max(MAX_PER_PAGE, `每页最多${MAX_PER_PAGE}条`).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per: z.number().int(),
  });
}
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  per: number;
}
