import type { AppDeps } from '../../lib/app-module';
import { createMessagesService } from '../messages/messages.service';
import { LearningBuffer } from '../learning/learning-buffer';
import { createLearningRepository } from '../learning/learning.repository';
import { createLearningService, type LearningService } from '../learning/learning.service';
import { createNotesRepository } from '../learning/notes.repository';
import { createNotesService } from '../learning/notes.service';
import { createCommentsRepository } from '../comments/comments.repository';
import { createCommentsService } from '../comments/comments.service';
import { createCoursesRepository, type CoursesRepository } from './courses.repository';
import { createCoursesService, type CoursesService } from './courses.service';
import { createMediaSigner, type MediaSigner } from './media-signer';

type Log = { error(obj: object, msg: string): void };

export interface CourseAreaServices {
  coursesRepo: CoursesRepository;
  courses: CoursesService;
  learning: LearningService;
  notes: ReturnType<typeof createNotesService>;
  comments: ReturnType<typeof createCommentsService>;
  signer: MediaSigner;
  buffer: LearningBuffer;
}

// One set per database handle: the courses, learning and comments modules share the buffer and caches.
const cache = new WeakMap<object, CourseAreaServices>();

/** Builds (once per app database) the services of the course area. */
export function courseAreaServices(deps: AppDeps, log: Log): CourseAreaServices {
  const cached = cache.get(deps.db);
  if (cached) return cached;
  const { db, clock } = deps;
  const coursesRepo = createCoursesRepository(db);
  const learningRepo = createLearningRepository(db);
  const courses = createCoursesService({ coursesRepo, learningRepo, clock });
  const buffer = new LearningBuffer({ db, onError: (err) => log.error({ err }, 'learning-time flush failed; will retry') });
  const signer = createMediaSigner(() => coursesRepo.mediaKey());
  const messages = createMessagesService({ db, clock });
  const learning = createLearningService({
    learningRepo,
    coursesRepo,
    courses,
    buffer,
    signer,
    clock,
    async onCourseFinished(userId, courseId) {
      const card = await coursesRepo.card(courseId);
      if (card) await messages.send(userId, '课程学习完成', `恭喜您完成课程《${card.title}》的全部课时学习，继续加油！`);
    },
  });
  const services: CourseAreaServices = {
    coursesRepo,
    courses,
    learning,
    notes: createNotesService({ notesRepo: createNotesRepository(db), coursesRepo, clock }),
    comments: createCommentsService({ commentsRepo: createCommentsRepository(db), coursesRepo, clock }),
    signer,
    buffer,
  };
  cache.set(db, services);
  return services;
}

/** The learning-time buffer of an app database (tests flush it before reading aggregates). */
export function learningBufferOf(db: object): LearningBuffer | undefined {
  return cache.get(db)?.buffer;
}
