// Public surface of the moderation module (docs/architecture.md): the only file other modules import.
/** The module, built with each posting area's `ModerationSource` (wired in app.ts). */
export { createModerationModule, type ModerationModuleOptions } from './moderation.routes';
/** The port the posting areas implement, and what they hand to `screen`. */
export type { ModerationRecord, ModerationSource, ModerationSources, ScreenInput } from './moderation.ports';
/** Screening on create: comments, Q&A and live chat call `screen(tx, …)` in the transaction that stores the text. */
export { createModerationScreen, type ModerationScreen } from './moderation.service';
