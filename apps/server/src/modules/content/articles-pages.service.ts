// Articles by use case: the site's edited pages (learning bases, service guides, topic pages, home banners).
import {
  LEARNING_BASES,
  contentMessages as m,
  linkPageHref,
  outsideLinkTarget,
  type Banner,
  type bannerInputSchema,
  type LearningBase,
  type ServiceGuide,
  type TopicDetail,
  type learningBaseInputSchema,
  type serviceGuideInputSchema,
  type topicSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { UPLOADED_IMAGE, fieldError, regionCode, toCard, type ArticlesServiceDeps } from './articles-shared';
import { articlesRepository as repo } from './articles.repository';

export function createArticlesPagesService({ db, clock }: Pick<ArticlesServiceDeps, 'db' | 'clock'>) {
  return {
    // ---- learning bases, service guides, topic pages --------------------------------------------------------------
    async learningBases(): Promise<LearningBase[]> {
      const rows = await repo.learningBases(db);
      const byCode = new Map(rows.map((r) => [r.code, r]));
      return Object.entries(LEARNING_BASES).flatMap(([code, region]) => {
        const r = byCode.get(code);
        return r
          ? [{ code, region, name: r.name, introduction: r.introduction, address: r.address, phone: r.phone, contact: r.contact }]
          : [];
      });
    },

    async saveLearningBase(code: string, input: z.output<typeof learningBaseInputSchema>): Promise<LearningBase> {
      const region = regionCode(code) ? LEARNING_BASES[code]! : null;
      if (!region) throw new AppError(404, m.baseNotFound);
      await repo.saveLearningBase(db, { code, name: `${region}学习基地`, ...input, updatedAt: clock.now() });
      return (await this.learningBases()).find((b) => b.code === code)!;
    },

    async serviceGuides(): Promise<ServiceGuide[]> {
      return (await repo.serviceGuides(db)).map(guideOut);
    },

    async serviceGuide(id: number): Promise<ServiceGuide> {
      const row = await repo.serviceGuide(db, id);
      if (!row) throw new AppError(404, m.guideNotFound);
      return guideOut(row);
    },

    async saveServiceGuide(id: number, input: z.output<typeof serviceGuideInputSchema>): Promise<ServiceGuide> {
      if (!(await repo.updateServiceGuide(db, id, { ...input, updatedAt: clock.now() })))
        throw new AppError(404, m.guideNotFound);
      return this.serviceGuide(id);
    },

    async topic(type: string): Promise<TopicDetail> {
      const t = await repo.topic(db, type);
      if (!t) throw new AppError(404, m.topicNotFound);
      const rows = await repo.byTagPublic(db, t.tag, clock.now(), 20);
      return { type: t.type, title: t.title, banner: t.banner, intro: t.intro, tag: t.tag, articles: rows.map(toCard) };
    },

    async topicMeta(type: string) {
      return repo.topic(db, type);
    },

    topics() {
      return repo.topics(db);
    },

    async adminTopics() {
      return (await repo.topics(db)).map((t) => ({ type: t.type, title: t.title, banner: t.banner, intro: t.intro, tag: t.tag }));
    },

    async saveTopic(type: string, input: Omit<z.output<typeof topicSchema>, 'type'>) {
      // Only an image uploaded here may be the banner (it ends up in a CSS url()).
      const banner = input.banner && UPLOADED_IMAGE.test(input.banner) ? input.banner : null;
      await repo.saveTopic(db, { type, ...input, banner, updatedAt: clock.now() });
      const t = (await repo.topic(db, type))!;
      return { type: t.type, title: t.title, banner: t.banner, intro: t.intro, tag: t.tag };
    },

    // ---- home banners --------------------------------------------------------------------------------------------
    async banners(onlyActive: boolean): Promise<Banner[]> {
      const rows = await repo.banners(db, onlyActive);
      return rows.map((b) => ({
        id: b.id,
        title: b.title,
        subtitle: b.subtitle,
        image: b.image,
        // Outside addresses leave through the /linkPage interstitial; the editor sees what was typed.
        link: onlyActive && outsideLinkTarget(b.link) ? linkPageHref(b.link) : b.link,
        sort: b.sort,
        active: b.active,
      }));
    },

    async saveBanner(id: number | null, input: z.output<typeof bannerInputSchema>): Promise<Banner> {
      const row = {
        ...input,
        image: input.image && UPLOADED_IMAGE.test(input.image) ? input.image : null,
        updatedAt: clock.now(),
      };
      let bannerId = id;
      try {
        if (id === null) bannerId = await repo.insertBanner(db, row);
        else if (!(await repo.updateBanner(db, id, row))) throw new AppError(404, m.bannerNotFound);
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('title', m.bannerTitleTaken);
        throw err;
      }
      return (await this.banners(false)).find((b) => b.id === bannerId)!;
    },
  };
}

function guideOut(r: { id: number; title: string; summary: string; steps: string[]; materials: string[]; faq: { q: string; a: string }[]; link: string }): ServiceGuide {
  return { id: r.id, title: r.title, summary: r.summary, steps: r.steps, materials: r.materials, faq: r.faq, link: r.link };
}
