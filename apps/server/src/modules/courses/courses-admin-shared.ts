// What the course authoring use cases share: their dependencies, a course and a lesson as the editor shows them (with
// each lesson's video job and subtitles), and where incoming video uploads are written.
import {
  type AdminCourse,
  type AdminLesson,
  type AdminLessonSubtitle,
  type DescriptionBlock,
  type VideoJob,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { AuditTrail } from '../audit';
import {
  coursesAdminRepository as repo,
  type CourseRow,
  type JobRow,
  type LessonRow,
  type SubtitleInfoRow,
} from './courses-admin.repository';
import { signedVideoUrl } from './media';
import type { MediaSigner } from './media-signer';
import type { FfmpegPaths } from './video-transcode';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The editor's HTML of a description (demo blocks become headings, paragraphs and lists). */
export function blocksToHtml(blocks: DescriptionBlock[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'html') return b.html;
      if (b.type === 'heading') return `<h3>${escapeHtml(b.text)}</h3>`;
      if (b.type === 'paragraph') return `<p>${escapeHtml(b.text)}</p>`;
      return `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    })
    .join('');
}

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toVideoJob(j: JobRow): VideoJob {
  return { id: j.id, status: j.status, progress: j.progress, error: j.error, attempts: j.attempts, updated_at: iso(j.updatedAt) };
}

export function toSubtitle(s: SubtitleInfoRow): AdminLessonSubtitle {
  return { lesson_id: s.lessonId, lang: s.lang, label: s.label, cue_count: s.cueCount, source_name: s.sourceName, updated_at: iso(s.updatedAt) };
}

/** The storage key of an upload's file, complete once its last chunk arrived (on the local disk, under DATA_DIR). */
export const uploadPath = (id: number) => `uploads/course-videos/${id}.part`;

export interface CoursesAdminDeps {
  db: Db;
  clock: Clock;
  audit: AuditTrail;
  signer: MediaSigner;
  dataDir: string;
  /** Where stored files are kept: course images (below COURSE_IMAGE_KEY_PREFIX), video uploads and renditions. */
  storage: Storage;
  ffmpeg: FfmpegPaths;
  /** Called after a job was queued (wakes this process's worker). */
  onJobQueued?: () => void;
}

/** The editor's views of a course and a lesson, shared by the use cases. */
export function createCoursesAdminShared(deps: Pick<CoursesAdminDeps, 'db' | 'clock' | 'signer'>) {
  const { db, clock } = deps;

  async function lessonOut(
    l: LessonRow & { question_count?: number },
    job: JobRow | undefined,
    now: Date,
    subtitles: SubtitleInfoRow[] = [],
  ): Promise<AdminLesson> {
    return {
      id: l.id,
      sort: l.sort,
      title: l.title,
      is_trial: l.isTrial,
      duration: l.duration,
      video_ready: l.videoFile !== null,
      poster_url: l.videoFile?.startsWith('hls/') ? await signedVideoUrl(deps.signer, l.videoFile, now, 'poster.jpg') : null,
      video_url: l.videoFile ? await signedVideoUrl(deps.signer, l.videoFile, now) : null,
      video_job: job ? toVideoJob(job) : null,
      question_count: l.question_count ?? 0,
      subtitles: subtitles.map(toSubtitle),
    };
  }

  async function courseOut(c: CourseRow): Promise<AdminCourse> {
    const now = clock.now();
    const [tagIds, lessons] = await Promise.all([repo.courseTagIds(db, c.id), repo.lessons(db, c.id)]);
    const [jobs, subtitles] = await Promise.all([
      repo.latestJobs(db, lessons.map((l) => l.id)),
      repo.subtitlesOf(db, lessons.map((l) => l.id)),
    ]);
    return {
      id: c.id,
      title: c.title,
      cover: c.cover,
      summary: c.summary,
      description_html: blocksToHtml(c.description),
      teacher_id: c.teacherId,
      tag_ids: tagIds,
      kind: c.kind,
      outer_url: c.outerUrl,
      price_type: c.priceType,
      price: c.price,
      member_price: c.memberPrice,
      published: c.published,
      published_at: c.published ? iso(c.publishedAt) : null,
      learner_count: c.learnerCount,
      presence_min_minutes: c.presenceMinMinutes,
      presence_max_minutes: c.presenceMaxMinutes,
      max_playback_rate: c.maxPlaybackRate,
      lessons: await Promise.all(lessons.map((l) => lessonOut(l, jobs.get(l.id), now, subtitles.get(l.id)))),
    };
  }

  return { lessonOut, courseOut };
}
export type CoursesAdminShared = ReturnType<typeof createCoursesAdminShared>;
