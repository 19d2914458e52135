import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql';
import { contentExperts } from './content.table';

/** A think-tank expert profile as other areas see it. */
export interface ExpertProfile {
  id: number;
  name: string;
  title: string;
  organisation: string;
  photo: string | null;
  fields: string[];
  introduction: string;
  works: string[];
}

export type ExpertProfileInput = Omit<ExpertProfile, 'id'> & { sort?: number };

const columns = {
  id: contentExperts.id,
  name: contentExperts.name,
  title: contentExperts.title,
  organisation: contentExperts.organisation,
  photo: contentExperts.photo,
  fields: contentExperts.fields,
  introduction: contentExperts.introduction,
  works: contentExperts.works,
};

/**
 * The read/write port of expert profiles (docs/architecture.md rule 3): the Q&A area reads the cards it shows beside
 * answers; profile writes (seeds, the later /expertDatabase editor) go through `save`.
 */
export function expertProfiles(db: Executor) {
  return {
    async get(id: number): Promise<ExpertProfile | null> {
      const [row] = await db.select(columns).from(contentExperts).where(eq(contentExperts.id, id));
      return row ?? null;
    },
    async byIds(ids: readonly number[]): Promise<Map<number, ExpertProfile>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select(columns)
        .from(contentExperts)
        .where(inArray(contentExperts.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },
    list(): Promise<ExpertProfile[]> {
      return db
        .select(columns)
        .from(contentExperts)
        .orderBy(asc(contentExperts.sort), asc(contentExperts.id));
    },
    /** Creates the profile, or updates the one with the same name and organisation; returns its id. */
    async save(input: ExpertProfileInput, now: Date): Promise<number> {
      const values = { ...input, sort: input.sort ?? 0, updatedAt: now };
      const [row] = await db
        .insert(contentExperts)
        .values({ ...values, createdAt: now })
        .onConflictDoUpdate({
          target: [contentExperts.name, contentExperts.organisation],
          set: {
            title: sql`excluded.title`,
            photo: sql`excluded.photo`,
            fields: sql`excluded.fields`,
            introduction: sql`excluded.introduction`,
            works: sql`excluded.works`,
            sort: sql`excluded.sort`,
            updatedAt: now,
          },
        })
        .returning({ id: contentExperts.id });
      return row!.id;
    },
  };
}
export type ExpertProfiles = ReturnType<typeof expertProfiles>;
