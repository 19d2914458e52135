import type { CoreDeps } from '../../lib/app-module';
import { createCoursesRepository, type CoursesRepository } from './courses.repository';
import { createCoursesService, type CoursesService } from './courses.service';
import { lessonSubtitles, type LessonSubtitles } from './lesson-subtitles';
import { createMediaSigner, type MediaSigner } from './media-signer';

export interface CourseServices {
  coursesRepo: CoursesRepository;
  courses: CoursesService;
  signer: MediaSigner;
  subtitles: LessonSubtitles;
}

// One set per database handle: the course routes and the areas using the catalogue share caches and the media key.
const cache = new WeakMap<object, CourseServices>();

/** Builds (once per app database) the services of the course catalogue. */
export function courseServices(deps: Pick<CoreDeps, 'db' | 'clock'>): CourseServices {
  const cached = cache.get(deps.db);
  if (cached) return cached;
  const coursesRepo = createCoursesRepository(deps.db);
  const services: CourseServices = {
    coursesRepo,
    courses: createCoursesService({ coursesRepo, clock: deps.clock }),
    signer: createMediaSigner(() => coursesRepo.mediaKey()),
    subtitles: lessonSubtitles(deps.db),
  };
  cache.set(deps.db, services);
  return services;
}
