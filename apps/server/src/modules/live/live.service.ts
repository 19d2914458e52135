import {
  LIVE_CHAT_BURST,
  LIVE_CHAT_HISTORY,
  LIVE_CHAT_WINDOW_S,
  LIVE_FREE_PER_MEMBER_YEAR,
  liveMessages as m,
  type AdminLiveClass,
  type ChatMessage,
  type LiveClass,
  type LiveClassBody,
  type LiveList,
  type LiveListQuery,
  type LivePhase,
  type LiveRoom,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import type { CourseAccess, ReplayCourses } from '../courses';
import type { Membership } from '../members';
import type { MessagesService } from '../messages';
import { createCreditLedger } from '../credits';
import { learningTime } from '../learning';
import { displayName } from '../users';
import type { ModerationScreen, ModerationSource } from '../moderation';
import { publishChatEvent, type ChatHub } from './chat-hub';
import { liveRepository as repo, type ChatRow, type ClassRow } from './live.repository';

const MIN = 60_000;
const endOf = (c: ClassRow) => new Date(c.startsAt.getTime() + c.durationMinutes * MIN);

export function phaseOf(c: ClassRow, now: Date): LivePhase {
  if (now.getTime() < c.startsAt.getTime()) return 'upcoming';
  return now.getTime() < endOf(c).getTime() ? 'live' : 'ended';
}

export const liveCoverUrl = (c: Pick<ClassRow, 'id' | 'updatedAt'>) =>
  `/media/live-covers/${c.id}.svg?v=${c.updatedAt.getTime().toString(36)}`;

const toChat = (r: ChatRow): ChatMessage => ({
  id: r.id,
  user_id: r.userId,
  user_name: r.userName,
  body: r.body,
  created_at: r.createdAt.toISOString(),
  staff: r.staff,
});

const chinaTime = (d: Date) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);

/**
 * Removes a chat message for every viewer (unpinned first if pinned): the one removal used by staff in the room and
 * by moderation. False when there is no such message shown.
 */
async function removeChatMessage(tx: DbOrTx, c: ClassRow, messageId: number, now: Date): Promise<boolean> {
  if (!(await repo.removeChat(tx, c.id, messageId, now))) return false;
  if (c.pinnedMessageId === messageId) {
    await repo.setPinned(tx, c.id, null, now);
    await publishChatEvent(tx, c.id, { type: 'pin', message: null });
  }
  await publishChatEvent(tx, c.id, { type: 'remove', id: messageId });
  return true;
}

const chatContext = (title: string) => `直播《${title}》`;

/** Moderation's view of live-chat messages: hiding is the room's own removal (wired in app.ts). */
export function liveModerationSource(): ModerationSource {
  return {
    async load(ex, id) {
      const row = await repo.chatForModeration(ex, id);
      if (!row) return null;
      return {
        authorId: row.message.userId,
        text: row.message.body,
        context: chatContext(row.title),
        link: null,
        hidden: row.message.removedAt !== null,
      };
    },
    async hide(tx, id, now) {
      const row = await repo.chatForModeration(tx, id);
      const c = row && (await repo.byId(tx, row.message.classId));
      return !!c && (await removeChatMessage(tx, c, id, now));
    },
    // A restored message is back in the history a viewer loads; rooms open now do not get it pushed.
    restore: (tx, id) => repo.restoreChat(tx, id),
  };
}

export interface LiveDeps {
  db: Db;
  clock: Clock;
  hub: ChatHub;
  membership: Membership;
  messages: MessagesService;
  courses: Pick<CourseAccess, 'signVideo'>;
  replays: ReplayCourses;
  /** Moderation's screening of chat messages. */
  screen: ModerationScreen;
  /** Staff writes (classes, recordings, pinned and removed chat) are recorded in the audit log. */
  audit: AuditTrail;
}

export function createLiveService({ db, clock, hub, membership, messages, courses, replays, screen, audit }: LiveDeps) {
  const credits = createCreditLedger({ db, clock, messages });
  function toClass(c: ClassRow, booked: number, mine: boolean, now: Date): LiveClass {
    return {
      id: c.id,
      title: c.title,
      teacher: c.teacher,
      teacher_title: c.teacherTitle,
      starts_at: c.startsAt.toISOString(),
      ends_at: endOf(c).toISOString(),
      duration_minutes: c.durationMinutes,
      cover_url: liveCoverUrl(c),
      description: c.description,
      capacity: c.capacity,
      booked_count: booked,
      access: c.access,
      phase: phaseOf(c, now),
      booked: mine,
      has_replay: !!c.recording,
      replay_course_id: c.replayCourseId,
    };
  }

  async function one(userId: number, c: ClassRow): Promise<LiveClass> {
    const [counts, booking] = await Promise.all([repo.bookedCounts(db, [c.id]), repo.booking(db, c.id, userId)]);
    return toClass(c, counts.get(c.id) ?? 0, !!booking, clock.now());
  }

  async function found(id: number): Promise<ClassRow> {
    const c = await repo.byId(db, id);
    if (!c) throw AppError.notFound(m.notFound);
    return c;
  }

  /** Staff, a booking, or a class free for all may watch and chat; after the class every member may watch the replay. */
  async function entitled(userId: number, c: ClassRow): Promise<{ ok: boolean; staff: boolean; name: string }> {
    const v = await repo.viewer(db, userId);
    const staff = !!v?.isStaff;
    const name = v ? displayName(v) : '';
    if (staff || c.access === 'free') return { ok: true, staff, name };
    if (await repo.booking(db, c.id, userId)) return { ok: true, staff, name };
    const now = clock.now();
    return { ok: phaseOf(c, now) === 'ended' && (await membership.of(userId, now)).active, staff, name };
  }

  async function quota(userId: number, now: Date) {
    const ms = await membership.of(userId, now);
    if (!ms.active || !ms.yearStart || !ms.yearEnd) return { active: false as const, quota: null };
    const used = await repo.freeUsed(db, userId, ms.yearStart);
    return {
      active: true as const,
      yearStart: ms.yearStart,
      quota: { used, limit: LIVE_FREE_PER_MEMBER_YEAR, year_start: ms.yearStart.toISOString(), year_end: ms.yearEnd.toISOString() },
    };
  }

  function adminView(c: ClassRow, booked: number, now: Date): AdminLiveClass {
    const { booked: _b, ...rest } = toClass(c, booked, false, now);
    return { ...rest, stream_url: c.streamUrl, recording: c.recording };
  }

  return {
    async list(userId: number, { tab }: LiveListQuery): Promise<LiveList> {
      const now = clock.now();
      const rows =
        tab === 'upcoming' ? await repo.upcoming(db, now) : tab === 'past' ? await repo.past(db, now) : await repo.bookedBy(db, userId);
      const [counts, mine, q] = await Promise.all([
        repo.bookedCounts(db, rows.map((r) => r.id)),
        repo.myBookings(db, userId),
        quota(userId, now),
      ]);
      return {
        items: rows.map((r) => toClass(r, counts.get(r.id) ?? 0, mine.has(r.id), now)),
        is_member: q.active,
        quota: q.quota,
      };
    },

    async room(userId: number, id: number): Promise<LiveRoom> {
      const c = await found(id);
      const now = clock.now();
      const base = await one(userId, c);
      const who = await entitled(userId, c);
      const att = await repo.attendance(db, id, userId);
      return {
        ...base,
        server_now: now.toISOString(),
        entitled: who.ok,
        stream_url: who.ok && base.phase === 'live' && c.streamUrl ? c.streamUrl : null,
        replay_url: who.ok && base.phase === 'ended' && c.recording ? await courses.signVideo(c.recording, now) : null,
        watched_seconds: att?.seconds ?? 0,
        can_moderate: who.staff,
      };
    },

    /**
     * Books a seat. Rules in order: not started, not booked yet, a seat left (class row locked), and for a
     * members-only class a live membership with a free class left in its membership year (per-user lock).
     */
    async book(userId: number, id: number): Promise<LiveClass> {
      await db.transaction(async (tx) => {
        const c = await repo.lock(tx, id);
        if (!c) throw AppError.notFound(m.notFound);
        const now = clock.now();
        if (now.getTime() >= c.startsAt.getTime()) throw AppError.conflict(m.started);
        if (await repo.booking(tx, id, userId)) throw AppError.conflict(m.alreadyBooked);
        const booked = (await repo.bookedCounts(tx, [id])).get(id) ?? 0;
        if (booked >= c.capacity) throw AppError.conflict(m.full);
        let quotaYearStart: Date | null = null;
        if (c.access === 'member_free') {
          await lockKey(tx, `live-quota:${userId}`);
          const ms = await membership.of(userId, now, tx);
          if (!ms.active || !ms.yearStart) throw AppError.forbidden(m.membersOnly);
          if ((await repo.freeUsed(tx, userId, ms.yearStart)) >= LIVE_FREE_PER_MEMBER_YEAR)
            throw AppError.conflict(m.freeUsedUp(LIVE_FREE_PER_MEMBER_YEAR));
          quotaYearStart = ms.yearStart;
        }
        await repo.insertBooking(tx, { classId: id, userId, quotaYearStart, createdAt: now });
      });
      return one(userId, await found(id));
    },

    async cancel(userId: number, id: number): Promise<LiveClass> {
      const c = await found(id);
      if (clock.now().getTime() >= c.startsAt.getTime()) throw AppError.conflict(m.cancelStarted);
      if (!(await repo.deleteBooking(db, id, userId))) throw AppError.notFound(m.notBooked);
      return one(userId, c);
    },

    // ---- chat -------------------------------------------------------------------------------------------------

    /** The room's chat for a viewer who may watch: after `afterId` (a reconnect), or the latest messages. */
    async chatHistory(userId: number, id: number, afterId = 0) {
      const c = await found(id);
      if (!(await entitled(userId, c)).ok) throw AppError.forbidden(m.notEntitled);
      const rows = afterId > 0 ? await repo.chatAfter(db, id, afterId, 500) : await repo.chatLatest(db, id, LIVE_CHAT_HISTORY);
      const pinned = c.pinnedMessageId ? await repo.chatMessage(db, id, c.pinnedMessageId) : undefined;
      return { items: rows.map(toChat), pinned: pinned ? toChat(pinned) : null };
    },

    async chatSend(userId: number, id: number, body: string): Promise<ChatMessage> {
      const c = await found(id);
      const who = await entitled(userId, c);
      if (!who.ok) throw AppError.forbidden(m.notEntitled);
      const now = clock.now();
      if (phaseOf(c, now) !== 'live') throw AppError.conflict(m.notLive);
      return db.transaction(async (tx) => {
        // One sender at a time per viewer, so the rate count cannot be raced.
        await lockKey(tx, `live-chat:${id}:${userId}`);
        if ((await repo.recentBy(tx, id, userId, new Date(now.getTime() - LIVE_CHAT_WINDOW_S * 1000))) >= LIVE_CHAT_BURST)
          throw new AppError(429, m.chatTooFast);
        const row = await repo.insertChat(tx, { classId: id, userId, userName: who.name, staff: who.staff, body, createdAt: now });
        await screen.screen(tx, { kind: 'chat', sourceId: row.id, authorId: userId, text: body, context: chatContext(c.title), link: null });
        const message = toChat(row);
        await hub.publish(id, { type: 'message', message }, tx);
        return message;
      });
    },

    async pin(actor: StaffActor, id: number, messageId: number | null): Promise<void> {
      const c = await found(id);
      const msg = messageId === null ? null : await repo.chatMessage(db, id, messageId);
      if (messageId !== null && !msg) throw AppError.notFound(m.chatMessageNotFound);
      await db.transaction(async (tx) => {
        await repo.setPinned(tx, id, messageId, clock.now());
        await hub.publish(id, { type: 'pin', message: msg ? toChat(msg) : null }, tx);
        await audit.record(tx, actor, {
          action: messageId === null ? 'live_chat.unpin' : 'live_chat.pin',
          entity: 'live_class',
          entityId: id,
          before: { title: c.title, pinned: c.pinnedMessageId ?? null },
          after: { title: c.title, pinned: messageId, body: msg?.body ?? null },
        });
      });
    },

    async remove(actor: StaffActor, id: number, messageId: number): Promise<void> {
      const c = await found(id);
      await db.transaction(async (tx) => {
        if (!(await removeChatMessage(tx, c, messageId, clock.now()))) throw AppError.notFound(m.chatMessageNotFound);
        await audit.record(tx, actor, {
          action: 'live_chat.remove',
          entity: 'live_class',
          entityId: id,
          before: { title: c.title, message_id: messageId },
          after: null,
        });
      });
    },

    /** Checks a stream request before it is opened (404 unknown class, 403 not entitled). */
    async assertViewer(userId: number, id: number): Promise<void> {
      const c = await found(id);
      if (!(await entitled(userId, c)).ok) throw AppError.forbidden(m.notEntitled);
    },

    // ---- attendance -------------------------------------------------------------------------------------------

    /**
     * Credits watched seconds while the class is live: never more than the wall time since the previous report
     * (or since the start), never past the end. The credited time counts as learning time (learning's daily seconds and the account's totals).
     */
    async attend(userId: number, id: number, seconds: number) {
      const c = await found(id);
      const now = clock.now();
      if (phaseOf(c, now) !== 'live') throw AppError.conflict(m.notLive);
      if (!(await entitled(userId, c)).ok) throw AppError.forbidden(m.notEntitled);
      return db.transaction(async (tx) => {
        const prev = await repo.attendance(tx, id, userId);
        const since = prev ? prev.lastReportAt : c.startsAt;
        const wall = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
        const credited = Math.min(seconds, wall);
        const total = (prev?.seconds ?? 0) + credited;
        await repo.saveAttendance(tx, id, userId, total, now);
        await learningTime(tx).add(userId, credited, now);
        // Attended minutes are continuing-education credits too (the year's minutes per credit).
        if (credited > 0) await credits.liveAttended(tx, { userId, liveId: id, title: `直播课：${c.title}`, seconds: total, at: now });
        return { credited, watched_seconds: total };
      });
    },

    // ---- reminders --------------------------------------------------------------------------------------------

    /** Sends the day-before and 15-minutes-before notices that are due; each once, whichever process runs it. */
    async sendReminders(): Promise<number> {
      const now = clock.now();
      let sent = 0;
      for (const [kind, minutes] of [
        ['day', 24 * 60],
        ['soon', 15],
      ] as const) {
        for (const c of await repo.dueReminders(db, now, minutes, kind)) {
          await db.transaction(async (tx) => {
            if (!(await repo.markReminded(tx, c.id, kind))) return;
            // A class booked less than a day ahead gets only the 15-minute notice.
            if (kind === 'day' && c.startsAt.getTime() - now.getTime() <= 15 * MIN) return;
            const title = kind === 'day' ? m.reminderDayTitle(c.title) : m.reminderSoonTitle(c.title);
            for (const uid of await repo.bookerIds(tx, c.id)) {
              await messages.send(uid, title, m.reminderContent(c.title, chinaTime(c.startsAt)), tx);
              sent++;
            }
          });
        }
      }
      return sent;
    },

    // ---- staff ------------------------------------------------------------------------------------------------

    async adminList(): Promise<{ items: AdminLiveClass[] }> {
      const rows = await repo.all(db);
      const counts = await repo.bookedCounts(db, rows.map((r) => r.id));
      const now = clock.now();
      return { items: rows.map((r) => adminView(r, counts.get(r.id) ?? 0, now)) };
    },

    async create(actor: StaffActor, body: LiveClassBody): Promise<AdminLiveClass> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertClass(tx, { ...fields(body), coverHue: (now.getTime() / 1000) % 360 | 0, createdAt: now, updatedAt: now });
        await audit.record(tx, actor, { action: 'live_class.create', entity: 'live_class', entityId: created.id, before: null, after: body });
        return created;
      });
      return adminView(row, 0, now);
    },

    async update(actor: StaffActor, id: number, body: LiveClassBody): Promise<AdminLiveClass> {
      const c = await found(id);
      const now = clock.now();
      const moved = c.startsAt.getTime() !== new Date(body.starts_at).getTime();
      const row = await db.transaction(async (tx) => {
        const updated = await repo.updateClass(tx, id, {
          ...fields(body),
          // A new start time gets its reminders again.
          ...(moved ? { remindedDay: false, remindedSoon: false } : {}),
          updatedAt: now,
        });
        await audit.record(tx, actor, { action: 'live_class.update', entity: 'live_class', entityId: id, before: c, after: body });
        return updated;
      });
      const counts = await repo.bookedCounts(db, [id]);
      return adminView(row!, counts.get(id) ?? 0, now);
    },

    /** Attaches the recording after the class: it becomes a replay course with one lesson, learned like any course. */
    async attachRecording(actor: StaffActor, id: number, recording: string): Promise<AdminLiveClass> {
      const c = await found(id);
      const now = clock.now();
      if (phaseOf(c, now) !== 'ended') throw AppError.conflict(m.notEnded);
      if (c.replayCourseId) throw AppError.conflict(m.replayExists);
      const duration = await replays.videoDuration(recording);
      if (!duration) throw AppError.badRequest(m.recordingMissing);
      const row = await db.transaction(async (tx) => {
        const courseId = await replays.create(tx, replayCourseOf(c, recording, duration, now));
        await audit.record(tx, actor, {
          action: 'live_class.recording',
          entity: 'live_class',
          entityId: id,
          before: { title: c.title, recording: c.recording },
          after: { title: c.title, recording, replay_course_id: courseId },
        });
        return repo.updateClass(tx, id, { recording, replayCourseId: courseId, updatedAt: now });
      });
      const counts = await repo.bookedCounts(db, [id]);
      return adminView(row!, counts.get(id) ?? 0, now);
    },

    cover: (id: number) => repo.byId(db, id),
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

/** The replay course of a class: members-only classes give a members' course, classes free for all a free one. */
export function replayCourseOf(c: ClassRow, videoFile: string, duration: number, now: Date) {
  // The class is saved with updatedAt = now in the same write, so this is the URL of its 回放 cover: a browser that
  // cached the 直播 cover under the old URL never shows it on the replay.
  const cover = liveCoverUrl({ id: c.id, updatedAt: now });
  return {
    title: `【直播回放】${c.title}`,
    teacher: c.teacher,
    teacherTitle: c.teacherTitle,
    photo: cover,
    cover,
    summary: c.description || m.replaySummary(c.teacher, chinaTime(c.startsAt)),
    priceType: c.access === 'free' ? ('free' as const) : ('member' as const),
    videoFile,
    duration,
    now,
  };
}

function fields(b: LiveClassBody) {
  return {
    title: b.title,
    teacher: b.teacher,
    teacherTitle: b.teacher_title,
    startsAt: new Date(b.starts_at),
    durationMinutes: b.duration_minutes,
    description: b.description,
    capacity: b.capacity,
    access: b.access,
    streamUrl: b.stream_url,
  };
}
