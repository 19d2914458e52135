// Public surface of the content module (docs/architecture.md): the only file other modules import.
export { contentModule } from './content.routes';
/** Where the contact QR code is served (the seed writes it). */
export { QR_CODE_PATH } from './content.service';
/** Think-tank expert profiles (read and write port); the table for read-only joins and foreign keys. */
export {
  expertProfiles,
  type ExpertProfile,
  type ExpertProfileInput,
  type ExpertProfiles,
} from './content.experts';
export { contentExperts } from './content.table';
/** News, cases, experts' pages, learning bases, service guides, topic pages, cooperation leads and the staff editor. */
export { createArticlesModule } from './articles.routes';
export type { ExpertAnswersSource } from './articles.service';
export { contentPublicPages } from './articles.public-pages';
/** The one rich-text sanitiser (editor HTML kept to the allowed tags), also for course descriptions. */
export { sanitizeArticle } from './content.sanitize';
