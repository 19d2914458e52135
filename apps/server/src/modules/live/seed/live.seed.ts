import { eq } from 'drizzle-orm';
import type { SeedModule } from '../../../db/seed/index';
import { authRepository } from '../../auth/auth.repository';
import { createPasswordHasher } from '../../auth/password-hasher';
import { usersRepository } from '../../users/users.repository';
import { liveClasses } from '../live.table';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Demo staff account that runs the live classes (browser specs never share a staff session). */
export const LIVE_STAFF = { phone: '13800138014', password: 'admin_1234', nickname: '直播运营' };
/** The HLS playlist scripts/live-demo-stream.mjs writes (DATA_DIR/live/demo/). */
export const DEMO_STREAM_URL = '/media/live/demo/index.m3u8';

interface DemoClass {
  title: string;
  teacher: string;
  teacherTitle: string;
  /** Start, in days from the seeding time, at 19:30 China time. */
  day: number;
  minutes: number;
  capacity: number;
  access: 'member_free' | 'free';
  description: string;
  recording?: string;
}

const CLASSES: DemoClass[] = [
  {
    title: '2026年度企业所得税汇算清缴新变化',
    teacher: '周建国',
    teacherTitle: '注册税务师，某税务师事务所合伙人',
    day: 2,
    minutes: 90,
    capacity: 500,
    access: 'member_free',
    description:
      '结合最新政策梳理汇算清缴中的收入确认、成本费用扣除与税收优惠填报，重点讲解研发费用加计扣除、资产损失税前扣除与纳税调整项目的常见错误，并留出 20 分钟现场答疑。',
  },
  {
    title: '业财融合下的全面预算管理实战',
    teacher: '刘佳',
    teacherTitle: '高级会计师，制造业集团财务总监',
    day: 5,
    minutes: 60,
    capacity: 300,
    access: 'member_free',
    description: '从战略目标分解到滚动预测，以一家装备制造企业为例，讲解预算编制、执行分析与绩效挂钩的完整流程，分享预算模板与分析看板的搭建方法。',
  },
  {
    title: '财务人员职业发展公开课：从核算到管理',
    teacher: '黄思远',
    teacherTitle: '管理会计师，财务共享中心负责人',
    day: 9,
    minutes: 45,
    capacity: 2000,
    access: 'free',
    description: '面向全体学员的公开课：财务人员如何从核算岗位走向财务分析、财务BP与管理岗位，需要补齐哪些能力，如何规划证书与学习路径。',
  },
  {
    title: '增值税留抵退税政策解读与风险防控',
    teacher: '赵明远',
    teacherTitle: '注册会计师，原税务系统业务骨干',
    day: -7,
    minutes: 60,
    capacity: 500,
    access: 'member_free',
    description: '讲解留抵退税的适用条件、退税额计算与进项构成比例，并结合税务机关的后续核查重点，给出企业自查清单。',
    recording: 'lesson-c.mp4',
  },
  {
    title: '新收入准则五步法案例精讲',
    teacher: '王海涛',
    teacherTitle: '注册会计师，会计师事务所审计合伙人',
    day: -21,
    minutes: 75,
    capacity: 500,
    access: 'member_free',
    description: '以软件、建筑与零售三个行业的真实案例，逐步演示识别合同、识别履约义务、确定与分摊交易价格及收入确认时点的判断过程。',
    recording: 'lesson-d.mp4',
  },
];

/** 19:30 China time on the day `days` from `now`. */
function eveningOf(now: Date, days: number): Date {
  const china = new Date(now.getTime() + 8 * HOUR + days * DAY);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), 11, 30));
}

/** Three upcoming live classes and two past ones with replays, and the staff account that runs them. */
export const liveSeed: SeedModule = {
  name: 'live-demo',
  demo: true,
  async run(tx, ctx) {
    const now = ctx.clock.now();
    if (!(await authRepository.findUserByPhone(tx, LIVE_STAFF.phone)))
      await usersRepository.create(tx, {
        phone: LIVE_STAFF.phone,
        passwordHash: await createPasswordHasher().hash(LIVE_STAFF.password),
        role: 'personal',
        nickname: LIVE_STAFF.nickname,
        staffRoles: ['editor'],
        now,
      });
    for (const [i, c] of CLASSES.entries()) {
      const [existing] = await tx.select({ id: liveClasses.id }).from(liveClasses).where(eq(liveClasses.title, c.title));
      if (existing) continue;
      const startsAt = eveningOf(now, c.day);
      // Past classes carry their recording (the replay in the room); staff attaching one also makes a replay course.
      await tx.insert(liveClasses).values({
        title: c.title,
        teacher: c.teacher,
        teacherTitle: c.teacherTitle,
        startsAt,
        durationMinutes: c.minutes,
        description: c.description,
        capacity: c.capacity,
        access: c.access,
        streamUrl: DEMO_STREAM_URL,
        recording: c.recording ?? null,
        coverHue: (i * 67 + 190) % 360,
        // Past classes' reminders are long gone.
        remindedDay: c.day < 0,
        remindedSoon: c.day < 0,
        createdAt: now,
        updatedAt: now,
      });
    }
  },
};
