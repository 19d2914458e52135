import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { SeedModule } from '../../../db/seed/index';
import { authRepository } from '../../auth/auth.repository';
import { createPasswordHasher } from '../../auth/password-hasher';
import { comments } from '../../comments/comments.table';
import { courses } from '../../courses/courses.table';
import { liveChatMessages, liveClasses } from '../../live/live.table';
import { usersRepository } from '../../users/users.repository';
import { matchSensitiveWords } from '../moderation.filter';
import { moderationItems, moderationReports, moderationWords } from '../moderation.table';

const HOUR = 3_600_000;

/** Demo 审核员 for the moderation queue (browser specs never share a staff session). */
export const MODERATION_STAFF = { phone: '13800138031', password: 'admin_1234', nickname: '内容审核员' };
/** Demo learner whose comments the moderation browser test posts. */
export const MODERATION_LEARNER = { phone: '13800138032', password: 'demo_1234', nickname: '评论学员' };
/** Learners who wrote the demo items (no password: they only appear as authors and reporters). */
const WRITERS = [
  { phone: '13800138033', nickname: '考证小助手' },
  { phone: '13800138034', nickname: '路过的会计' },
  { phone: '13800138035', nickname: '李晓梅' },
  { phone: '13800138036', nickname: '张伟' },
];

/** Staff's additions to the library's list: 招聘, 兼职, 客服 and 全职 are everyday words on a talent platform. */
const BLOCKED = ['骗子', '加微信', '割韭菜'];
const ALLOWED = ['招聘', '兼职', '客服', '全职'];

async function account(tx: Tx, a: { phone: string; nickname: string; password?: string; staff?: boolean }, now: Date) {
  const found = await authRepository.findUserByPhone(tx, a.phone);
  if (found) return found.id;
  return (await usersRepository.create(tx, {
    phone: a.phone,
    passwordHash: a.password ? await createPasswordHasher().hash(a.password) : null,
    role: 'personal',
    nickname: a.nickname,
    staffRoles: a.staff ? ['reviewer'] : [],
    now,
  }))!;
}

export const moderationSeed: SeedModule = {
  name: 'moderation-demo',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const staffId = await account(tx, { ...MODERATION_STAFF, staff: true }, now);
    await account(tx, MODERATION_LEARNER, now);
    const writers: number[] = [];
    for (const w of WRITERS) writers.push(await account(tx, w, now));
    const [spammer, rude, reporterA, reporterB] = writers as [number, number, number, number];
    if ((await tx.select({ id: moderationItems.id }).from(moderationItems).limit(1)).length) return;

    await tx
      .insert(moderationWords)
      .values([
        ...BLOCKED.map((word) => ({ kind: 'blocked' as const, word, createdAt: now })),
        ...ALLOWED.map((word) => ({ kind: 'allowed' as const, word, createdAt: now })),
      ])
      .onConflictDoNothing();

    const published = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.published, true))
      .orderBy(asc(courses.id))
      .limit(2);
    if (!published.length) return;
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

    async function demoComment(v: {
      course: { id: number; title: string };
      userId: number;
      content: string;
      hoursAgo: number;
      state: 'pending' | 'hidden' | 'restored';
      reports?: { userId: number; reason: string; note?: string }[];
      hideReason?: string;
    }) {
      const [c] = await tx
        .insert(comments)
        .values({
          userId: v.userId,
          courseId: v.course.id,
          lessonId: null,
          content: v.content,
          createdAt: at(v.hoursAgo),
          hiddenAt: v.state === 'hidden' ? at(v.hoursAgo - 1) : null,
        })
        .returning({ id: comments.id });
      await queueItem({ kind: 'comment', sourceId: c!.id, context: `课程《${v.course.title}》`, link: `/train/detail/${v.course.id}`, text: v.content, ...v });
    }

    async function queueItem(v: {
      kind: 'comment' | 'chat';
      sourceId: number;
      userId: number;
      text: string;
      context: string;
      link: string | null;
      hoursAgo: number;
      state: 'pending' | 'hidden' | 'restored';
      reports?: { userId: number; reason: string; note?: string }[];
      hideReason?: string;
    }) {
      const handled = v.state !== 'pending';
      const [item] = await tx
        .insert(moderationItems)
        .values({
          kind: v.kind,
          sourceId: v.sourceId,
          authorId: v.userId,
          text: v.text,
          context: v.context,
          link: v.link,
          state: v.state,
          // What the filter finds with the demo settings, as on a real post.
          flaggedWords: matchSensitiveWords(v.text, BLOCKED, v.state === 'restored' ? [] : ALLOWED),
          reportCount: v.reports?.length ?? 0,
          hideReason: v.hideReason ?? null,
          handledBy: handled ? staffId : null,
          handledAt: handled ? at(v.hoursAgo - 1) : null,
          createdAt: at(v.hoursAgo),
          updatedAt: at(handled ? v.hoursAgo - 1 : v.hoursAgo),
        })
        .returning({ id: moderationItems.id });
      for (const r of v.reports ?? [])
        await tx.insert(moderationReports).values({ itemId: item!.id, userId: r.userId, reason: r.reason, note: r.note ?? '', createdAt: at(v.hoursAgo - 0.5) });
    }

    const [first, second = published[0]!] = published;
    await demoComment({
      course: first!,
      userId: spammer,
      content: '想考中级会计的同学加微信 zk2026 领取押题资料，另可代开发票、代办继续教育学时，价格优惠',
      hoursAgo: 5,
      state: 'pending',
      reports: [
        { userId: reporterA, reason: '广告营销', note: '评论区发广告' },
        { userId: reporterB, reason: '广告营销' },
      ],
    });
    await demoComment({
      course: second,
      userId: rude,
      content: '讲的什么玩意，照着课件念，老师就是个骗子，大家别交钱',
      hoursAgo: 3,
      state: 'pending',
      reports: [{ userId: reporterA, reason: '辱骂攻击', note: '人身攻击授课老师' }],
    });
    await demoComment({
      course: first!,
      userId: spammer,
      content: '出售本课程全部视频和课件，另接私家侦探业务，有意者私聊',
      hoursAgo: 30,
      state: 'hidden',
      hideReason: '发布广告信息，违反社区规范',
    });
    await demoComment({
      course: second,
      userId: reporterB,
      content: '请问老师，企业招聘出纳时，内控上应重点考察哪些方面？',
      hoursAgo: 26,
      state: 'restored',
    });

    const [room] = await tx
      .select({ id: liveClasses.id, title: liveClasses.title })
      .from(liveClasses)
      .orderBy(asc(liveClasses.startsAt))
      .limit(1);
    if (room) {
      const body = '需要发票的私聊我，代开发票，各行业都能开';
      const [msg] = await tx
        .insert(liveChatMessages)
        .values({ classId: room.id, userId: spammer, userName: '考证小助手', body, createdAt: at(50) })
        .returning({ id: liveChatMessages.id });
      await queueItem({ kind: 'chat', sourceId: msg!.id, userId: spammer, text: body, context: `直播《${room.title}》`, link: null, hoursAgo: 50, state: 'pending' });
    }
  },
};
