// Course authoring by use case: a lesson's questions (the quiz after the video).
import { courseAdminMessages as m, type AdminQuestion, lessonQuestionBodySchema } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import type { CoursesAdminDeps } from './courses-admin-shared';
import { coursesAdminRepository as repo, type QuestionRow } from './courses-admin.repository';

function toQuestion(q: QuestionRow): AdminQuestion {
  return {
    id: q.id,
    lesson_id: q.lessonId,
    sort: q.sort,
    kind: q.kind,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    explanation: q.explanation,
  };
}

export function createCoursesAdminQuestionsService({ db, audit }: Pick<CoursesAdminDeps, 'db' | 'audit'>) {
  return {
    // ---- questions -------------------------------------------------------------------------------------------------
    async questions(lessonId: number): Promise<AdminQuestion[]> {
      if (!(await repo.lesson(db, lessonId))) throw AppError.notFound(m.lessonNotFound);
      return (await repo.questions(db, lessonId)).map(toQuestion);
    },

    async saveQuestion(
      actor: StaffActor,
      target: { id: number } | { lessonId: number },
      body: z.output<typeof lessonQuestionBodySchema>,
    ): Promise<AdminQuestion> {
      const v = {
        kind: body.kind,
        stem: body.stem,
        options: body.options.map((text, i) => ({ key: String.fromCharCode(65 + i), text })),
        answer: [...body.answer].sort(),
        explanation: body.explanation,
      };
      const row = await db.transaction(async (tx) => {
        if ('id' in target) {
          const before = await repo.question(tx, target.id, true);
          if (!before) throw AppError.notFound(m.questionNotFound);
          const after = await repo.updateQuestion(tx, target.id, v);
          await audit.record(tx, actor, { action: 'course_question.update', entity: 'course_question', entityId: after.id, before, after });
          return after;
        }
        if (!(await repo.lesson(tx, target.lessonId, true))) throw AppError.notFound(m.lessonNotFound);
        const after = await repo.insertQuestion(tx, { ...v, lessonId: target.lessonId });
        await audit.record(tx, actor, { action: 'course_question.create', entity: 'course_question', entityId: after.id, before: null, after });
        return after;
      });
      return toQuestion(row);
    },

    async deleteQuestion(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.question(tx, id, true);
        if (!before) throw AppError.notFound(m.questionNotFound);
        await repo.deleteQuestion(tx, id);
        await audit.record(tx, actor, { action: 'course_question.delete', entity: 'course_question', entityId: id, before, after: null });
      });
    },
  };
}
