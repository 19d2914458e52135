// Public surface of the comments module (docs/architecture.md): the only file other modules import.
export { commentsModule } from './comments.routes';
