// Articles by use case: the experts (list, an expert's page with cases and answered questions, editing).
import { contentMessages as m, type ExpertDetail, type expertInputSchema } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { toCard, type ArticlesServiceDeps } from './articles-shared';
import { articlesRepository as repo } from './articles.repository';
import { expertProfiles } from './content.experts';

export function createArticlesExpertsService({
  db,
  clock,
  expertAnswers,
}: Pick<ArticlesServiceDeps, 'db' | 'clock' | 'expertAnswers'>) {
  const experts = expertProfiles(db);

  return {
    // ---- experts --------------------------------------------------------------------------------------------------
    async experts(q: { field?: string; keyword?: string }) {
      const all = await experts.list();
      const fields = [...new Set(all.flatMap((e) => e.fields))];
      const kw = q.keyword?.trim();
      const list = all.filter(
        (e) =>
          (!q.field || e.fields.includes(q.field)) &&
          (!kw || [e.name, e.title, e.organisation, e.introduction, ...e.fields].some((s) => s.includes(kw))),
      );
      return { list, fields };
    },

    async expert(id: number): Promise<ExpertDetail> {
      const e = await experts.get(id);
      if (!e) throw new AppError(404, m.expertNotFound);
      const [{ rows }, answers] = await Promise.all([
        repo.listPublic(db, { kind: 'case', author: e.name }, clock.now(), 10, 0),
        expertAnswers ? expertAnswers.answeredBy(id, 10) : Promise.resolve([]),
      ]);
      return { ...e, cases: rows.map(toCard), answers };
    },

    async saveExpert(input: z.output<typeof expertInputSchema>) {
      const id = await experts.save(input, clock.now());
      return (await experts.get(id))!;
    },
  };
}
