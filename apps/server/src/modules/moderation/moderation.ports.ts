import type { ModerationKind } from '@app/contracts';
import type { Executor } from '../../db/sql';

/** A source's record as the queue needs it. */
export interface ModerationRecord {
  authorId: number | null;
  /** Plain text as shown to readers. */
  text: string;
  /** Where it was posted (课程《…》, 问答, 直播《…》). */
  context: string;
  /** Site path that shows it, or null. */
  link: string | null;
  /** Hidden from public views now. */
  hidden: boolean;
}

/**
 * What moderation needs of each area whose users post text: declared here, implemented by the area (comments, qa,
 * live) and wired in app.ts, so moderation never imports them. `hide` and `restore` run in moderation's
 * transaction and answer false when the record no longer exists.
 */
export interface ModerationSource {
  load(db: Executor, id: number): Promise<ModerationRecord | null>;
  hide(tx: Executor, id: number, now: Date): Promise<boolean>;
  restore(tx: Executor, id: number, now: Date): Promise<boolean>;
}

export type ModerationSources = Record<ModerationKind, ModerationSource>;

/** What a source hands to `screen` when a user posts. */
export interface ScreenInput {
  kind: ModerationKind;
  sourceId: number;
  authorId: number | null;
  text: string;
  context: string;
  link: string | null;
}
