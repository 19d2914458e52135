import {
  courseMessages,
  learningMessages,
  type LikeNoteResult,
  type Note,
  type NotesPage,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { CourseCatalog } from '../courses';
import { displayName } from '../users';
import type { NoteRow, NotesRepository } from './notes.repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toNote(r: NoteRow, viewerId: number): Note {
  return {
    id: r.id,
    course_id: r.course_id,
    course_title: r.course_title,
    lesson_id: r.lesson_id,
    lesson_title: r.lesson_title,
    video_second: r.video_second,
    content: r.content,
    is_public: r.is_public,
    like_count: r.like_count,
    liked: r.liked,
    is_mine: r.user_id === viewerId,
    author_name: displayName(r),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function createNotesService(deps: {
  notesRepo: NotesRepository;
  catalog: CourseCatalog;
  clock: Clock;
}) {
  const { notesRepo: repo, catalog: coursesRepo, clock } = deps;
  const notFound = () => AppError.notFound(learningMessages.noteNotFound);

  async function load(id: number, viewerId: number): Promise<Note> {
    const row = await repo.one(id, viewerId);
    if (!row || (row.user_id !== viewerId && !row.is_public)) throw notFound();
    return toNote(row, viewerId);
  }

  return {
    async list(
      userId: number,
      q: {
        page: number;
        per: number;
        scope: 'mine' | 'lesson';
        course_id?: number;
        lesson_id?: number;
        keyword?: string;
      },
    ): Promise<NotesPage> {
      const { limit, offset } = pageWindow(q);
      if (q.scope === 'lesson' && q.lesson_id === undefined) {
        throw AppError.badRequest(courseMessages.lessonIdRequired, {
          lesson_id: courseMessages.lessonIdRequired,
        });
      }
      const { rows, total } = await repo.page({
        ownerId: q.scope === 'mine' ? userId : undefined,
        publicLessonId: q.scope === 'lesson' ? q.lesson_id : undefined,
        courseId: q.course_id,
        lessonId: q.scope === 'mine' ? q.lesson_id : undefined,
        keyword: q.keyword || undefined,
        viewerId: userId,
        limit,
        offset,
      });
      return toPaged(
        rows.map((r) => toNote(r, userId)),
        total,
        q,
      );
    },

    async create(
      userId: number,
      body: { lesson_id: number; video_second: number; content: string; is_public: boolean },
    ): Promise<Note> {
      const row = await coursesRepo.lesson(body.lesson_id);
      if (!row) throw AppError.notFound(courseMessages.lessonNotFound);
      const id = await repo.insert({
        userId,
        courseId: row.course.id,
        lessonId: row.lesson.id,
        videoSecond: Math.min(body.video_second, row.lesson.duration),
        content: body.content,
        isPublic: body.is_public,
        now: clock.now(),
      });
      return load(id, userId);
    },

    async update(
      userId: number,
      id: number,
      body: { content?: string; video_second?: number; is_public?: boolean },
    ): Promise<Note> {
      const ok = await repo.update(
        id,
        userId,
        { content: body.content, videoSecond: body.video_second, isPublic: body.is_public },
        clock.now(),
      );
      if (!ok) throw notFound();
      return load(id, userId);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(id, userId))) throw notFound();
    },

    async like(userId: number, id: number, value: boolean | undefined): Promise<LikeNoteResult> {
      const row = await repo.like(id, userId, value, clock.now());
      if (!row) throw notFound();
      const liked =
        value ?? (row.inserted > 0 ? true : row.deleted > 0 ? false : await repo.isLiked(id, userId));
      return { liked, like_count: row.count };
    },
  };
}
