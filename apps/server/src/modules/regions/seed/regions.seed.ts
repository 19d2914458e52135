import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { SeedModule } from '../../../db/seed/index';
import { authRepository } from '../../auth/auth.repository';
import { createPasswordHasher } from '../../auth/password-hasher';
import { usersRepository } from '../../users/users.repository';
import { regionsManagerApplications } from '../regions.table';

const HOUR = 3_600_000;

/**
 * Two pending learning-base manager applications, so content staff find work in /admin/base-managers. The applicants
 * are demo accounts with the demo password: signed in, /learnBase/apply shows them their application waiting.
 */
export const BASE_MANAGER_APPLICANTS = [
  {
    phone: '13800138041',
    password: 'demo_1234',
    nickname: '周立新',
    hoursAgo: 50,
    application: {
      organisation: '郑州中原财会职业培训学校',
      region: 'henan',
      contact: '周立新',
      qualifications:
        '学校成立于2009年，经郑州市人力资源和社会保障局批准开展会计、税务类职业技能培训，现有专职教师18人，其中高级会计师5人、注册会计师4人；自有教学场地1200平方米，多媒体教室6间、机房2间（电脑120台）。近三年累计培训会计人员继续教育学员1.2万人次，与省内3所高职院校共建会计实训基地。申请承担河南学习基地的线下教学组织、学员服务和考试考务工作。',
    },
  },
  {
    phone: '13800138042',
    password: 'demo_1234',
    nickname: '韦海燕',
    hoursAgo: 5,
    application: {
      organisation: '广西桂信财税咨询有限公司',
      region: 'guangxi',
      contact: '韦海燕',
      qualifications:
        '公司成立于2012年，持有代理记账许可证，是南宁市代理记账行业协会理事单位。现有员工46人，其中中级以上会计职称21人、税务师6人，长期为区内中小企业提供财税咨询和企业内训，年均组织财税专题培训40余场。公司在南宁市青秀区有可容纳150人的培训中心，可承担广西学习基地的课程落地、线下研讨和学员答疑。',
    },
  },
] as const;

async function account(tx: Tx, a: { phone: string; password: string; nickname: string }, now: Date): Promise<number> {
  const found = await authRepository.findUserByPhone(tx, a.phone);
  if (found) return found.id;
  return (await usersRepository.create(tx, {
    phone: a.phone,
    passwordHash: await createPasswordHasher().hash(a.password),
    role: 'personal',
    nickname: a.nickname,
    staffRoles: [],
    now,
  }))!;
}

export const regionsSeed: SeedModule = {
  name: 'regions-demo',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    for (const a of BASE_MANAGER_APPLICANTS) {
      const userId = await account(tx, a, now);
      const [existing] = await tx
        .select({ id: regionsManagerApplications.id })
        .from(regionsManagerApplications)
        .where(and(eq(regionsManagerApplications.userId, userId), eq(regionsManagerApplications.region, a.application.region)))
        .limit(1);
      if (existing) continue;
      await tx.insert(regionsManagerApplications).values({
        userId,
        ...a.application,
        phone: a.phone,
        ip: '127.0.0.1',
        createdAt: new Date(now.getTime() - a.hoursAgo * HOUR),
      });
    }
  },
};
