// Public surface of the Q&A module (docs/architecture.md): the only file other modules import.
import type { Db } from '../../db/client';
import { qaRepository as repo } from './qa.repository';

export { qaModule } from './qa.routes';

/**
 * Public question pages for server-rendered metadata and the sitemap: `meta(id)` is null for an unknown, private,
 * hidden or unanswered question.
 */
export function qaPublicPages(db: Db) {
  return {
    async meta(id: number): Promise<{ title: string; description: string } | null> {
      if (!Number.isInteger(id) || id < 1 || !(await repo.isPublic(db, id))) return null;
      const q = (await repo.question(db, id))!;
      return { title: q.title, description: q.body.replace(/\s+/g, ' ').slice(0, 120) };
    },
    async sitemap(): Promise<{ path: string; updatedAt: string }[]> {
      return (await repo.publicSitemap(db)).map((r) => ({
        path: `/quiz/${r.id}`,
        updatedAt: new Date(r.updated_at).toISOString(),
      }));
    },
  };
}
