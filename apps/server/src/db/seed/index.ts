import { inArray } from 'drizzle-orm';
import type { Config } from '../../config/config';
import type { Clock } from '../../lib/clock';
import { systemSeedRuns } from '../../modules/system/system.table';
import type { Db, Tx } from '../client';
import { coursesSeed } from '../../modules/courses/seed/courses.seed';
import { membersDemoSeed, membersSeed } from '../../modules/members/seed/members.seed';
import { contentSeed } from './content.seed';
import { usersSeed } from './users.seed';
import { talentSeed } from '../../modules/talent/seed/talent.seed';
import { toolsSeed } from '../../modules/tools/seed/tools.seed';
import { qaSeed } from '../../modules/qa/seed/qa.seed';
import { examsSeed } from '../../modules/exams/seed/exams.seed';
import { recruitingSeed } from '../../modules/recruiting/seed/recruiting.seed';
import { magazineSeed } from '../../modules/magazine/seed/magazine.seed';
import { liveSeed } from '../../modules/live/seed/live.seed';
import { contentArticlesSeed, contentPagesSeed } from '../../modules/content/seed/articles.seed';
import { moderationSeed } from '../../modules/moderation/seed/moderation.seed';
import { regionsSeed } from '../../modules/regions/seed/regions.seed';
import { creditsDemoSeed, creditsRulesSeed } from '../../modules/credits/seed/credits.seed';
import { standardsSeed } from '../../modules/standards/seed/standards.seed';
import { trainingDemoSeed, trainingSeed } from '../../modules/training/seed/training.seed';

export interface SeedContext {
  config: Pick<Config, 'siteName' | 'seedDemo'>;
  clock: Clock;
}

/** One area's demo data. `run` must be idempotent: running it twice leaves the same rows. */
export interface SeedModule {
  name: string;
  /** Demo data (accounts with known passwords, sample catalogue): only seeded when config.seedDemo is on. */
  demo?: boolean;
  run(tx: Tx, ctx: SeedContext): Promise<void>;
}

// In dependency order (users before the courses they own ...). Add one line per area.
export const seedModules: SeedModule[] = [contentSeed, usersSeed, coursesSeed, membersSeed, membersDemoSeed, talentSeed, toolsSeed, qaSeed, examsSeed, recruitingSeed, magazineSeed, liveSeed, contentPagesSeed, contentArticlesSeed, moderationSeed, regionsSeed, creditsRulesSeed, creditsDemoSeed, standardsSeed, trainingSeed, trainingDemoSeed];

/**
 * Runs the seed modules this database has not had yet (all of them on a fresh database, none on a restart),
 * in one transaction. `force` re-runs every module, which is safe because each is idempotent.
 * Returns the names that ran.
 */
export async function seedDatabase(db: Db, ctx: SeedContext, opts: { force?: boolean } = {}): Promise<string[]> {
  const names = seedModules.map((m) => m.name);
  const done = new Set(
    (await db.select({ name: systemSeedRuns.name }).from(systemSeedRuns).where(inArray(systemSeedRuns.name, names))).map(
      (r) => r.name,
    ),
  );
  const pending = seedModules.filter(
    (m) => (ctx.config.seedDemo || !m.demo) && (opts.force || !done.has(m.name)),
  );
  if (pending.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const mod of pending) {
      await mod.run(tx, ctx);
      await tx
        .insert(systemSeedRuns)
        .values({ name: mod.name, ranAt: ctx.clock.now() })
        .onConflictDoUpdate({ target: systemSeedRuns.name, set: { ranAt: ctx.clock.now() } });
    }
  });
  return pending.map((m) => m.name);
}
