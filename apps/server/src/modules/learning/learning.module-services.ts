import type { CoreDeps } from '../../lib/app-module';
import { courseAccess, courseCatalog } from '../courses';
import { createCreditLedger } from '../credits';
import { createMessagesService } from '../messages';
import { LearningBuffer } from './learning-buffer';
import { createLearningRepository } from './learning.repository';
import { createLearningService, type LearningService } from './learning.service';
import { createNotesRepository } from './notes.repository';
import { createNotesService } from './notes.service';

type Log = { error(obj: object, msg: string): void };

export interface LearningServices {
  learning: LearningService;
  notes: ReturnType<typeof createNotesService>;
  buffer: LearningBuffer;
}

// One set per database handle: one learning-time buffer and one lesson cache per app.
const cache = new WeakMap<object, LearningServices>();

/** Builds (once per app database) the services of the learning area, on the course catalogue's public port. */
export function learningServices(deps: CoreDeps, log: Log): LearningServices {
  const cached = cache.get(deps.db);
  if (cached) return cached;
  const { db, clock } = deps;
  const catalog = courseCatalog(db);
  const buffer = new LearningBuffer({
    db,
    intervalMs: deps.config.learningFlushIntervalMs,
    onError: (err) => log.error({ err }, 'learning-time flush failed; will retry'),
  });
  const messages = createMessagesService({ db, clock });
  const credits = createCreditLedger({ db, clock, messages });
  const learning = createLearningService({
    learningRepo: createLearningRepository(db),
    catalog,
    access: courseAccess(deps),
    buffer,
    clock,
    async onCourseFinished(userId, courseId) {
      const card = await catalog.card(courseId);
      if (card)
        await messages.send(
          userId,
          '课程学习完成',
          `恭喜您完成课程《${card.title}》的全部课时学习，继续加油！`,
        );
      // The course's continuing-education credits, in the year it was finished (China time). A failure here must not
      // lose the progress report that finished the course: it is logged, and the grant is idempotent.
      try {
        await credits.courseFinished(userId, courseId, clock.now());
      } catch (err) {
        log.error({ err, userId, courseId }, 'granting course credits failed');
      }
    },
  });
  const services: LearningServices = {
    learning,
    notes: createNotesService({ notesRepo: createNotesRepository(db), catalog, clock }),
    buffer,
  };
  cache.set(db, services);
  return services;
}

/** The learning-time buffer of an app database (tests flush it before reading aggregates). */
export function learningBufferOf(db: object): LearningBuffer | undefined {
  return cache.get(db)?.buffer;
}

/** Pending keys of the app database's learning-time buffer; undefined before the module is registered. */
export function learningBufferSize(db: object): number | undefined {
  return cache.get(db)?.buffer.pending;
}
