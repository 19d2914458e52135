// Q&A by use case: the public questions (list, tags, similar questions, a question's page, "useful" votes).
import {
  QA_SIMILAR_MAX,
  qaMessages as m,
  type QuizCard,
  type QuizDetail,
  type QuizListQuery,
  type QuizPage,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { iso, toCard, toFollowUp, type QaServiceDeps, type QaShared } from './qa-shared';
import { maskAsker, qaRepository as repo, similarTerms } from './qa.repository';

export function createQaPublicService(
  { db, clock }: Pick<QaServiceDeps, 'db' | 'clock'>,
  { answerOf }: QaShared,
) {
  return {
    async list(query: QuizListQuery): Promise<QuizPage> {
      const { list, total } = await repo.publicPage(db, {
        category: query.category,
        tag: query.tag || undefined,
        keyword: query.keyword || undefined,
        sort: query.sort,
        limit: query.per,
        offset: (query.page - 1) * query.per,
      });
      return { list: list.map(toCard), total, page: query.page, per: query.per };
    },

    tags: () => repo.publicTags(db, 30),

    async similar(text: string): Promise<QuizCard[]> {
      return (await repo.similar(db, similarTerms(text), QA_SIMILAR_MAX)).map(toCard);
    },

    async detail(id: number, viewerId: number | null): Promise<QuizDetail> {
      if (!(await repo.isPublic(db, id))) throw AppError.notFound(m.questionNotFound);
      const q = (await repo.question(db, id))!;
      const asker = await repo.account(db, q.userId);
      const similar = await repo.similar(db, similarTerms(q.title), 5, id);
      const related =
        similar.length < 5
          ? [
              ...similar,
              ...(await repo.latestInCategory(
                db,
                q.category,
                [id, ...similar.map((s) => s.id)],
                5 - similar.length,
              )),
            ]
          : similar;
      return {
        id: q.id,
        title: q.title,
        category: q.category,
        tags: q.tags,
        body: q.body,
        images: q.images,
        asker: asker ? maskAsker(asker.nickname, asker.phone) : '匿名用户',
        asked_at: iso(q.askedAt),
        answer: await answerOf(q),
        follow_ups: (await repo.followUps(db, id)).filter((f) => f.answer !== null).map(toFollowUp),
        useful_count: q.usefulCount,
        voted: viewerId ? await repo.hasVoted(db, id, viewerId) : false,
        related: related.map(toCard),
      };
    },

    async vote(id: number, userId: number) {
      if (!(await repo.isPublic(db, id))) throw AppError.notFound(m.questionNotFound);
      const q = (await repo.question(db, id))!;
      if (q.userId === userId) throw AppError.badRequest(m.voteOwn);
      const counted = await db.transaction((tx) => repo.vote(tx, id, userId, clock.now()));
      if (!counted) throw AppError.conflict(m.votedAlready);
      return { useful_count: q.usefulCount + 1, voted: true };
    },
  };
}
