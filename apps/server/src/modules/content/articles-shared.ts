// What the articles services' use cases share: their dependencies (with the port declared for the expert
// page), an article's card, the learning-base region of a code or host, uploaded images, field errors and the
// acting editor's name.
import { CONTENT_IMAGE_URL_PREFIX, LEARNING_BASES, type ArticleCard } from '@app/contracts';
import type { Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { displayName } from '../users';
import { articlesRepository as repo, type ArticleCardRow } from './articles.repository';

export type Actor = { id: number };

/** An image uploaded through this module (covers and banners may be nothing else). */
export const UPLOADED_IMAGE = new RegExp(`^${CONTENT_IMAGE_URL_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{32}\\.(png|jpg|gif|webp)$`);

/** Storage key prefix of uploaded article images (the local disk: DATA_DIR/uploads/content). */
export const CONTENT_IMAGE_KEY_PREFIX = 'uploads/content/';

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Sub-domain code of a learning-base region from a code or a host name (henan.example.org -> henan); else null. */
export function regionCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const first = value.toLowerCase().split(':')[0]!.split('.')[0] ?? '';
  return Object.prototype.hasOwnProperty.call(LEARNING_BASES, first) ? first : null;
}

export function toCard(r: ArticleCardRow): ArticleCard {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    category: r.category,
    tags: r.tags,
    source: r.source,
    author: r.author,
    publish_at: iso(r.publishAt),
    region: r.region,
    region_name: r.region ? (LEARNING_BASES[r.region] ?? null) : null,
    industry: r.industry,
    company_size: r.companySize,
    access: r.access,
    view_count: r.viewCount,
  };
}

export function fieldError(field: string, message: string): AppError {
  return AppError.badRequest(message, { [field]: message });
}

/** What the expert page shows of the Q&A area; declared here, implemented by qa and wired in app.ts. */
export interface ExpertAnswersSource {
  answeredBy(profileId: number, limit: number): Promise<{ id: number; title: string; answered_at: string }[]>;
}

export interface ArticlesServiceDeps {
  db: Executor;
  clock: Clock;
  /** Where uploaded article images are kept (below CONTENT_IMAGE_KEY_PREFIX); only the editor needs it. */
  storage?: Storage;
  expertAnswers?: ExpertAnswersSource;
}

/** The acting editor's name, shared by the use cases. */
export function createArticlesShared({ db }: Pick<ArticlesServiceDeps, 'db'>) {
  async function actorName(userId: number): Promise<string> {
    const acc = await repo.account(db, userId);
    return acc ? displayName(acc) : `用户${userId}`;
  }

  return { actorName };
}
export type ArticlesShared = ReturnType<typeof createArticlesShared>;
