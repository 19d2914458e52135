// Public surface of the courses module (docs/architecture.md): the only file other modules import.
import type { DbOrTx } from '../../db/client';
import type { CoreDeps } from '../../lib/app-module';
import { courseServices } from './courses.module-services';
import { createCoursesRepository, type CoursesRepository } from './courses.repository';
import type { AccessCourse, LessonPage } from './courses.service';
import { courseMessages, type LessonSubtitleTrack } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { signedSubtitleTracks } from './lesson-subtitles';
import { signedVideoUrl } from './media';
import { createMediaSigner, type MediaSigner } from './media-signer';

export { createCoursesModule } from './courses.routes';
export type { AccessCourse, CourseProgressSource, LessonPage, ViewerCourseProgress } from './courses.service';

/** Table objects, for other areas' foreign keys and read-only joins; writes go through the ports below. */
export { courses, coursesLessons, coursesLessonQuestions } from './courses.table';
/** A course card as one JSON value inside another area's read-only statement (my courses), and reading it back. */
export { courseCardJson, toCard as cardFromJson, type CourseCardJson } from './courses.repository';

/** What other areas may read of the catalogue (and the one write they make: granting a bought course). */
export type CourseCatalog = Pick<
  CoursesRepository,
  | 'lesson'
  | 'question'
  | 'publishedCourse'
  | 'card'
  | 'cardsByIds'
  | 'accessFacts'
  | 'grantCourse'
>;

/** The catalogue port bound to the database or to the caller's transaction. */
export function courseCatalog(db: DbOrTx): CourseCatalog {
  return createCoursesRepository(db);
}

/** Access and media of the course area, shared with the learning area (lesson pages, progress reports). */
export interface CourseAccess {
  /** Free courses: everyone logged in; member courses: a live membership; paid: a grant (bought or given). */
  hasAccess(userId: number, course: AccessCourse): Promise<boolean>;
  /**
   * A lesson as its player opens it for a user (lesson, course, questions without answers, neighbours) and whether
   * the user may watch it (a trial lesson, or hasAccess), in one statement; undefined when not published.
   */
  lessonPage(userId: number, lessonId: number): Promise<LessonPage | undefined>;
  /** A signed, expiring URL path of a lesson video (MP4, or the HLS master playlist of a transcoded one). */
  signVideo(file: string | null, now: Date): Promise<string>;
  /** The lesson's subtitle tracks with signed, expiring URLs; hand them out only where the video URL is. */
  signSubtitles(lessonId: number, now: Date): Promise<LessonSubtitleTrack[]>;
}

export function courseAccess(deps: Pick<CoreDeps, 'db' | 'clock'>): CourseAccess {
  const { courses, signer, subtitles } = courseServices(deps);
  return {
    hasAccess: (userId, course) => courses.hasAccess(userId, course),
    lessonPage: (userId, lessonId) => courses.lessonPage(userId, lessonId),
    signVideo: async (file, now) => {
      if (file === null) throw AppError.notFound(courseMessages.lessonNotFound);
      return signedVideoUrl(signer, file, now);
    },
    signSubtitles: (lessonId, now) => signedSubtitleTracks(subtitles, signer, lessonId, now),
  };
}

/** The course page as search engines and link previews see it (title, summary, cover; sitemap entries). */
export { coursePublicPages } from './courses.public-pages';

/** Signed, expiring media URLs under another prefix (same key as lesson videos), e.g. the magazine's PDFs. */
export function mediaSigner(deps: Pick<CoreDeps, 'db' | 'clock'>, opts: { prefix: string; ttlS: number }): MediaSigner {
  const { coursesRepo } = courseServices(deps);
  return createMediaSigner(() => coursesRepo.mediaKey(), opts);
}
export type { MediaSigner } from './media-signer';
/** Serves bytes with HTTP Range (206/416/304), as lesson videos are. */
export { sendRanged, type RangedFile } from './media';
/** Replay courses of live classes (one lesson playing the recording). */
export { replayCourses, type ReplayCourses } from './replay-courses';
