import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PublicPages } from '../../lib/public-pages';
import { createCoursesRepository } from './courses.repository';
import { courses } from './courses.table';

/** /train/detail/{courseId}: a published course's title, summary and cover; unpublished and unknown ids are 404. */
export function coursePublicPages(db: DbOrTx): PublicPages {
  const repo = createCoursesRepository(db);
  return {
    pattern: '/train/detail/:courseId',
    async meta({ courseId }) {
      const id = Number(courseId);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const row = await repo.publishedCourse(id);
      if (!row) return null;
      return { title: row.course.title, description: row.course.summary, image: row.course.cover };
    },
    async sitemap() {
      const rows = await db
        .select({ id: courses.id, updatedAt: courses.updatedAt })
        .from(courses)
        .where(and(eq(courses.published, true)))
        .orderBy(desc(courses.id));
      return rows.map((r) => ({ path: `/train/detail/${r.id}`, updatedAt: r.updatedAt }));
    },
  };
}
