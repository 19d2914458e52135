import {
  moderationMessages as m,
  type ModerationItem,
  type ModerationKind,
  type ModerationPage,
  type ModerationState,
  type ModerationWords,
  type ReportReason,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { displayName } from '../users';
import { FILTER_LIBRARY, matchSensitiveWords } from './moderation.filter';
import type { ModerationSources, ScreenInput } from './moderation.ports';
import { moderationRepository as repo, type ListRow } from './moderation.repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const EXCERPT = 40;
const excerpt = (s: string) => (s.length > EXCERPT ? `${s.slice(0, EXCERPT)}…` : s);

function toItem(r: ListRow): ModerationItem {
  return {
    id: r.id,
    kind: r.kind,
    source_id: r.source_id,
    state: r.state,
    text: r.text,
    context: r.context,
    link: r.link,
    author: {
      id: r.author_id,
      name: r.author_phone ? displayName({ nickname: r.author_nickname, phone: r.author_phone }) : '已注销用户',
    },
    flagged_words: r.flagged_words,
    report_count: r.report_count,
    reports: r.reports ?? [],
    hide_reason: r.hide_reason,
    handled_by: r.handler_phone ? displayName({ nickname: r.handler_nickname, phone: r.handler_phone }) : null,
    handled_at: r.handled_at ? iso(r.handled_at) : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/**
 * The screening port the posting areas call in the transaction that stores a new comment, question, follow-up or
 * chat message: text with a word of the filter lands in the queue, flagged with the words found.
 */
export function createModerationScreen(deps: { clock: Clock }) {
  return {
    async screen(tx: Executor, input: ScreenInput): Promise<string[]> {
      const lists = await repo.words(tx);
      const flags = matchSensitiveWords(input.text, lists.blocked, lists.allowed);
      if (flags.length) await repo.upsert(tx, { ...input, flags, now: deps.clock.now() });
      return flags;
    },
  };
}
export type ModerationScreen = ReturnType<typeof createModerationScreen>;

export function createModerationService(deps: {
  db: Db;
  clock: Clock;
  sources: ModerationSources;
  messages: MessagesService;
  audit: AuditTrail;
}) {
  const { db, clock, sources, messages, audit } = deps;

  async function words(): Promise<ModerationWords> {
    return { ...(await repo.words(db)), library: FILTER_LIBRARY };
  }

  /** Hides or restores the item's record and changes its state; the audit row and the author's message go with it. */
  async function decide(staff: StaffActor, id: number, to: 'hidden' | 'restored', reason: string | null) {
    await db.transaction(async (tx) => {
      const item = await repo.lock(tx, id);
      if (!item) throw AppError.notFound(m.itemNotFound);
      if (to === 'hidden' && item.state === 'hidden') throw AppError.conflict(m.hiddenAlready);
      if (to === 'restored' && item.state === 'restored') throw AppError.conflict(m.restoredAlready);
      const now = clock.now();
      const source = sources[item.kind];
      if (to === 'hidden') {
        if (!(await source.hide(tx, item.sourceId, now))) throw AppError.notFound(m.sourceGone);
      } else if (item.state === 'hidden') {
        if (!(await source.restore(tx, item.sourceId, now))) throw AppError.notFound(m.sourceGone);
      }
      await repo.setState(tx, id, { state: to, hideReason: reason, handledBy: staff.id, now });
      await audit.record(tx, staff, {
        action: to === 'hidden' ? 'moderation.hide' : item.state === 'hidden' ? 'moderation.restore' : 'moderation.keep',
        entity: `moderation_${item.kind}`,
        entityId: item.sourceId,
        before: { state: item.state, hide_reason: item.hideReason },
        after: { state: to, hide_reason: reason },
      });
      if (item.authorId !== null && to === 'hidden')
        await messages.send(
          item.authorId,
          m.hiddenMessage.title,
          m.hiddenMessage.content(item.context, excerpt(item.text), reason!),
          tx,
        );
      if (item.authorId !== null && to === 'restored' && item.state === 'hidden')
        await messages.send(item.authorId, m.restoredMessage.title, m.restoredMessage.content(item.context, excerpt(item.text)), tx);
    });
  }

  return {
    async report(userId: number, body: { kind: ModerationKind; id: number; reason: ReportReason; note: string }) {
      const source = sources[body.kind];
      const rec = await source.load(db, body.id);
      if (!rec || rec.hidden) throw AppError.notFound(m.targetNotFound);
      if (rec.authorId === userId) throw AppError.badRequest(m.ownContent);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const itemId = await repo.upsert(tx, {
          kind: body.kind,
          sourceId: body.id,
          authorId: rec.authorId,
          text: rec.text,
          context: rec.context,
          link: rec.link,
          flags: [],
          now,
        });
        if (!(await repo.addReport(tx, { itemId, userId, reason: body.reason, note: body.note, now })))
          throw AppError.conflict(m.reportedAlready);
      });
    },

    async list(q: { page: number; per: number; state: ModerationState; kind?: ModerationKind }): Promise<ModerationPage> {
      const { rows, counts } = await repo.page(db, {
        state: q.state,
        kind: q.kind,
        limit: q.per,
        offset: (q.page - 1) * q.per,
      });
      const n = (s: ModerationState) => counts.find((c) => c.state === s)?.n ?? 0;
      return {
        list: rows.map(toItem),
        total: n(q.state),
        page: q.page,
        per: q.per,
        counts: { pending: n('pending'), hidden: n('hidden'), restored: n('restored') },
      };
    },

    hide: (staff: StaffActor, id: number, reason: string) => decide(staff, id, 'hidden', reason),
    restore: (staff: StaffActor, id: number) => decide(staff, id, 'restored', null),

    words,

    async saveWords(staff: StaffActor, lists: { blocked: string[]; allowed: string[] }): Promise<ModerationWords> {
      await db.transaction(async (tx) => {
        const before = await repo.words(tx);
        await repo.replaceWords(tx, lists, clock.now());
        await audit.record(tx, staff, {
          action: 'moderation.words',
          entity: 'moderation_words',
          entityId: null,
          before,
          after: lists,
        });
      });
      return words();
    },
  };
}
