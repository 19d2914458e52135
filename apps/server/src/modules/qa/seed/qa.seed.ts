import { inArray } from 'drizzle-orm';
import type { SeedModule } from '../../../db/seed/index';
import { createPasswordHasher } from '../../auth/password-hasher';
import { usersRepository } from '../../users/users.repository';
import { users } from '../../users/users.table';
import { expertProfiles } from '../../content';
import { chinaDate, chinaMidnight, createWorkCalendar } from '../qa.calendar';
import { qaRepository as repo } from '../qa.repository';
import { sanitizeAnswer } from '../qa.sanitize';
import { consultationsRepository } from '../consultations.repository';
import { qaFollowUps, qaQuestions } from '../qa.table';
import { DEMO_EXPERTS } from './qa.experts.data';
import { DEMO_QUESTIONS } from './qa.questions.data';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Who asked the demo questions: the README demo accounts first, then learners without a password. */
const DEMO_ASKERS: { phone: string; nickname: string }[] = [
  { phone: '13800138001', nickname: '会员学员' },
  { phone: '13800138000', nickname: '演示学员' },
  { phone: '13800138002', nickname: '示例财务咨询有限公司' },
  ...['张会计', '李出纳', '王主管', '赵晓雯', '钱多多', '孙财务', '周明', '吴经理', '郑丽', '冯税务'].map(
    (nickname, i) => ({
      phone: `137001380${String(i + 1).padStart(2, '0')}`,
      nickname,
    }),
  ),
];

/**
 * Demo Q&A: think-tank expert profiles with expert accounts (README lists them), 40+ answered questions across the
 * seven categories, and open questions in the queue (one assigned, some past due). Idempotent: profiles and links
 * are upserts; the questions are written only when none of the demo askers has a question yet.
 */
export const qaSeed: SeedModule = {
  name: 'qa',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const hasher = createPasswordHasher();
    const profiles = expertProfiles(tx);

    const expertUserIds: number[] = [];
    for (const e of DEMO_EXPERTS) {
      await usersRepository.create(tx, {
        phone: e.phone,
        passwordHash: await hasher.hash('demo_1234'),
        role: 'personal',
        nickname: e.profile.name,
        companyName: null,
        memberEndAt: null,
        now,
      });
      const userId = (await repo.userIdByPhone(tx, e.phone))!;
      const profileId = await profiles.save(e.profile, now);
      await repo.link(tx, { profileId, userId, categories: e.categories, now });
      expertUserIds.push(userId);
    }

    for (const a of DEMO_ASKERS.slice(3)) {
      await usersRepository.create(tx, {
        phone: a.phone,
        passwordHash: null,
        role: 'personal',
        nickname: a.nickname,
        companyName: null,
        memberEndAt: null,
        now,
      });
    }
    const askerRows = await tx
      .select({ id: users.id, phone: users.phone, memberEndAt: users.memberEndAt })
      .from(users)
      .where(
        inArray(
          users.phone,
          DEMO_ASKERS.map((a) => a.phone),
        ),
      );
    const byPhone = new Map(askerRows.map((r) => [r.phone, r]));
    const askerIds = askerRows.map((r) => r.id);
    if (askerIds.length === 0) return;
    const existing = await tx
      .select({ id: qaQuestions.id })
      .from(qaQuestions)
      .where(inArray(qaQuestions.userId, askerIds))
      .limit(1);
    if (existing.length > 0) return;

    const cal = createWorkCalendar(await repo.holidays(tx));
    let i = 0;
    for (const q of DEMO_QUESTIONS) {
      i++;
      const asker = byPhone.get(DEMO_ASKERS[q.asker]!.phone);
      if (!asker) continue;
      const day = chinaDate(new Date(now.getTime() - q.daysAgo * DAY_MS));
      const planned = new Date(chinaMidnight(day).getTime() + 9 * HOUR_MS + ((i * 37) % 480) * 60_000);
      const askedAt = planned < now ? planned : new Date(now.getTime() - (10 + i) * 60_000);
      const dueAt = cal.dueAt(askedAt);
      const expertId = q.expert !== undefined ? expertUserIds[q.expert]! : null;
      const isMember = !!asker.memberEndAt && asker.memberEndAt > now;
      const base = {
        userId: asker.id,
        title: q.title,
        category: q.category,
        body: q.body,
        isPublic: q.isPublic ?? true,
        isMember,
        askedAt,
        dueAt,
        dueSoonAt: cal.workingHoursBefore(dueAt, 4),
      };

      if (!q.answer) {
        // Open: the one with an expert is assigned by staff (no expiry); the older ones are past due.
        await repo.insertQuestion(tx, { ...base, claimedBy: expertId, claimExpiresAt: null });
        continue;
      }
      let answeredAt = new Date(askedAt.getTime() + (3 + (i % 20)) * HOUR_MS);
      // A few answers came late, so the promise figure is not a flat 100%.
      if (i % 13 === 5) answeredAt = new Date(dueAt.getTime() + 3 * HOUR_MS);
      if (answeredAt > now)
        answeredAt = new Date(Math.max(askedAt.getTime() + 60_000, now.getTime() - 5 * 60_000));
      const closed = i % 4 === 0;
      const id = await repo.insertQuestion(tx, {
        ...base,
        status: closed ? 'closed' : 'answered',
        claimedBy: expertId,
        answeredBy: expertId,
        answeredAt,
        answerHtml: sanitizeAnswer(q.answer),
        references: (q.references ?? []).map(([title, docNo]) => ({ title, doc_no: docNo, url: '' })),
        tags: q.tags ?? [],
        usefulCount: q.useful ?? 0,
        rating: closed ? 5 - (i % 8 === 0 ? 1 : 0) : null,
        closedAt: closed ? answeredAt : null,
      });
      if (q.followUp) {
        const fuAt = new Date(answeredAt.getTime() + HOUR_MS);
        const replyAt = new Date(answeredAt.getTime() + 3 * HOUR_MS);
        await tx.insert(qaFollowUps).values({
          questionId: id,
          content: q.followUp[0],
          askedAt: fuAt < now ? fuAt : now,
          answer: q.followUp[1],
          answeredAt: replyAt < now ? replyAt : now,
          answeredBy: expertId,
        });
      }
    }

    // Finance consulting: the company demo account has a scheduled and a finished consultation, the member a new one.
    const company = byPhone.get('13800138002');
    const member = byPhone.get('13800138001');
    const at = (days: number, hour: number) =>
      new Date(chinaMidnight(chinaDate(new Date(now.getTime() + days * DAY_MS))).getTime() + hour * HOUR_MS);
    if (company) {
      await consultationsRepository.insert(tx, {
        userId: company.id,
        topic: '高新技术企业认定前的研发费用归集',
        description:
          '公司计划明年申报高新技术企业，目前研发费用与生产成本混在一起核算，希望专家帮助梳理研发项目立项、费用归集口径和辅助账设置。',
        preferredTime: '工作日上午',
        contactName: '王会计',
        contactPhone: '13800138002',
        status: 'scheduled',
        expertUserId: expertUserIds[0]!,
        scheduledAt: at(3, 10),
        channel: '视频会议',
        channelNote: '会议链接将在开始前一天发送',
        createdAt: new Date(now.getTime() - 2 * DAY_MS),
      });
      await consultationsRepository.insert(tx, {
        userId: company.id,
        topic: '年度全面预算编制方案',
        description: '希望就明年的全面预算编制流程、部门分工和预算考核办法听取专家意见。',
        preferredTime: '周三或周四下午',
        contactName: '王会计',
        contactPhone: '13800138002',
        status: 'done',
        expertUserId: expertUserIds[4]!,
        scheduledAt: at(-20, 15),
        channel: '线下面谈',
        channelNote: '协会三楼会议室',
        createdAt: new Date(now.getTime() - 25 * DAY_MS),
      });
    }
    if (member) {
      await consultationsRepository.insert(tx, {
        userId: member.id,
        topic: '个人房产出租的税费计算',
        description: '我在郑州有一套住房准备出租，月租金4000元，想了解需要缴纳哪些税费、如何代开发票。',
        preferredTime: '工作日晚上或周末',
        contactName: '刘女士',
        contactPhone: '13800138001',
        createdAt: new Date(now.getTime() - 1 * DAY_MS),
      });
    }
  },
};
