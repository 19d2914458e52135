import { chinaDate, salaryText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { PublicPages } from '../../lib/public-pages';

/**
 * Read port for server-rendered page metadata and the sitemap: online, unexpired job posts only (null otherwise).
 * `now` defaults to the wall clock; callers with an injected clock pass it.
 */
export function recruitingPublicPages(db: DbOrTx, now: () => Date = () => new Date()): PublicPages {
  return {
    pattern: '/jobDetail/jinfo',
    canonicalQuery: ['id'],
    async meta(_params, query) {
      const id = Number(query.get('id'));
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const [row] = await rowsOf<{
        title: string;
        description: string;
        salary_min: number;
        salary_max: number | null;
        citys: string;
        company: string;
      }>(
        db,
        sql`SELECT p.title, p.description, p.salary_min, p.salary_max, p.citys, c.name AS company
              FROM recruiting_posts p JOIN recruiting_companies c ON c.user_id = p.company_id
             WHERE p.id = ${id} AND p.status = 'online' AND p.expires_on >= ${chinaDate(now())}::date`,
      );
      if (!row) return null;
      const cities = row.citys
        .split(',')
        .map((c) => c.split(':')[1] ?? c)
        .join('、');
      return {
        title: `${row.title} - ${row.company}`,
        description: `${row.company}招聘${row.title}，${salaryText(row.salary_min, row.salary_max)}，工作地点：${cities}。${row.description.slice(0, 80)}`,
      };
    },
    async sitemap() {
      const rows = await rowsOf<{ id: number; updated_at: Date | string }>(
        db,
        sql`SELECT id, updated_at FROM recruiting_posts
             WHERE status = 'online' AND expires_on >= ${chinaDate(now())}::date ORDER BY id`,
      );
      return rows.map((r) => ({ path: `/jobDetail/jinfo?id=${r.id}`, updatedAt: new Date(r.updated_at) }));
    },
  };
}
