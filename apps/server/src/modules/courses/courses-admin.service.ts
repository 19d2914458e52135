// The course authoring service, composed of its use cases (as the exams, recruiting and Q&A modules split theirs):
// tags and teachers, a course's basics and publication, lessons, subtitles, lesson questions, video uploads. The
// names other files import from here stay importable here.
import { createCoursesAdminCoursesService } from './courses-admin-courses.service';
import { createCoursesAdminLessonsService } from './courses-admin-lessons.service';
import { createCoursesAdminQuestionsService } from './courses-admin-questions.service';
import { createCoursesAdminShared, type CoursesAdminDeps } from './courses-admin-shared';
import { createCoursesAdminSubtitlesService } from './courses-admin-subtitles.service';
import { createCoursesAdminTagsService } from './courses-admin-tags.service';
import { createCoursesAdminUploadsService } from './courses-admin-uploads.service';

export { blocksToHtml, toVideoJob, type CoursesAdminDeps } from './courses-admin-shared';

/** Staff authoring of the catalogue. Every write records its audit row in its own transaction. */
export function createCoursesAdminService(deps: CoursesAdminDeps) {
  const shared = createCoursesAdminShared(deps);
  return {
    ...createCoursesAdminTagsService(deps),
    ...createCoursesAdminCoursesService(deps, shared),
    ...createCoursesAdminLessonsService(deps, shared),
    ...createCoursesAdminSubtitlesService(deps),
    ...createCoursesAdminQuestionsService(deps),
    ...createCoursesAdminUploadsService(deps),
  };
}
export type CoursesAdminService = ReturnType<typeof createCoursesAdminService>;
