import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentHelpProblems, contentSiteSettings } from './content.table';

export type HelpProblemRow = typeof contentHelpProblems.$inferSelect;

export function createContentRepository(db: DbOrTx) {
  return {
    /** All help problems, by guide type then display order. */
    listProblems(): Promise<HelpProblemRow[]> {
      return db
        .select()
        .from(contentHelpProblems)
        .orderBy(asc(contentHelpProblems.ttype), asc(contentHelpProblems.sort), asc(contentHelpProblems.id));
    },

    /** The requested settings that exist, as key -> JSON value. */
    async getSettings(keys: readonly string[]): Promise<Map<string, unknown>> {
      const rows = await db
        .select({ key: contentSiteSettings.key, value: contentSiteSettings.value })
        .from(contentSiteSettings)
        .where(inArray(contentSiteSettings.key, [...keys]));
      return new Map(rows.map((r) => [r.key, r.value]));
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
