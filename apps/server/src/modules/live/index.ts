// Public surface of the live module (docs/architecture.md): the only file other modules import.
export { createLiveModule, type LiveModuleOptions } from './live.routes';
/** Moderation's source port for live-chat messages (wired in app.ts). */
export { liveModerationSource } from './live.service';
