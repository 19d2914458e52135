// Public surface of the comments module (docs/architecture.md): the only file other modules import.
export { commentsModule } from './comments.routes';
/** Moderation's source port for course comments (wired in app.ts). */
export { commentsModerationSource } from './comments.service';
