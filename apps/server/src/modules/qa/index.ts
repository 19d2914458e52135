// Public surface of the Q&A module (docs/architecture.md): the only file other modules import.
import type { Db } from '../../db/client';
import type { PublicPages } from '../../lib/public-pages';
import { qaRepository as repo } from './qa.repository';

export { qaModule } from './qa.routes';
/** Moderation's source port for questions (wired in app.ts). */
export { qaModerationSource } from './qa.service';

/**
 * Public question pages for server-rendered metadata and the sitemap: `meta(id)` is null for an unknown, private,
 * hidden or unanswered question.
 */
export function qaPublicPages(db: Db): PublicPages {
  return {
    pattern: '/quiz/:id',
    async meta({ id: raw }) {
      const id = Number(raw);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !(await repo.isPublic(db, id))) return null;
      const q = (await repo.question(db, id))!;
      return { title: q.title, description: q.body };
    },
    async sitemap() {
      return (await repo.publicSitemap(db)).map((r) => ({ path: `/quiz/${r.id}`, updatedAt: new Date(r.updated_at) }));
    },
  };
}

/** The public questions an expert answered, for the expert's page in the content area (wired in app.ts). */
export function qaExpertAnswers(db: Db) {
  return {
    async answeredBy(profileId: number, limit: number) {
      const rows = await repo.publicAnsweredByProfile(db, profileId, limit);
      return rows.map((r) => ({ id: r.id, title: r.title, answered_at: new Date(r.answered_at).toISOString() }));
    },
  };
}

/** Open and past-due questions (staff dashboard). */
export { qaFigures } from './staff-figures';
