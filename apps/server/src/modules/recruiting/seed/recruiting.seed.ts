import { eq, sql } from 'drizzle-orm';
import { chinaDate, SALARY_BAND_RANGES } from '@app/contracts';
import type { Tx } from '../../../db/client';
import type { SeedModule } from '../../../db/seed/index';
import { authRepository } from '../../auth/auth.repository';
import { createPasswordHasher } from '../../auth/password-hasher';
import { messagesRepository } from '../../messages/messages.repository';
import { personalAchieve } from '../../users';
import { usersRepository } from '../../users/users.repository';
import { talentRepository } from '../../talent/talent.repository';
import {
  recruitingApplications,
  recruitingCompanies,
  recruitingPool,
  recruitingPosts,
} from '../recruiting.table';

const DAY_MS = 86_400_000;
const DEMO_COMPANY_PHONE = '13800138002';
const MEMBER_PHONE = '13800138001';
/** Third demo staff account: reviews companies and job posts (browser specs never share a staff session). */
const RECRUITING_STAFF = { phone: '13800138006', password: 'admin_1234', nickname: '招聘审核员' };

interface DemoCompany {
  phone: string | null;
  name: string;
  industry: string;
  unitSize: number;
  city: string;
  address: string;
  contact: string;
  intro: string;
  posts: [
    title: string,
    position: string,
    level: number,
    citys: string,
    band: number,
    experience: number,
    education: number,
    headcount: number,
  ][];
}

/** Companies of the six regional bases' provinces (demo company first). */
const COMPANIES: DemoCompany[] = [
  {
    phone: DEMO_COMPANY_PHONE,
    name: '示例财务咨询有限公司',
    industry: '咨询与专业服务',
    unitSize: 3,
    city: '河南省:郑州市',
    address: '郑州市郑东新区商务内环路16号',
    contact: '周敏',
    intro: '为河南中小企业提供代理记账、税务筹划与财务外包服务，服务客户 600 余家。',
    posts: [
      ['财务经理', '财务经理', 2, '河南省:郑州市', 4, 4, 3, 1],
      ['总账会计', '总账会计', 1, '河南省:郑州市', 3, 3, 3, 2],
      ['税务专员', '税务专员', 1, '河南省:郑州市,河南省:洛阳市', 2, 2, 3, 2],
      ['出纳员', '出纳员', 1, '河南省:郑州市', 1, 1, 2, 1],
      ['审计助理', '审计助理', 1, '河南省:开封市', 2, 1, 3, 3],
      ['财务分析师', '财务分析师', 2, '河南省:郑州市', 4, 3, 3, 1],
    ],
  },
  {
    phone: '13900002001',
    name: '中原精工机械制造股份有限公司',
    industry: '制造业',
    unitSize: 5,
    city: '河南省:洛阳市',
    address: '洛阳市涧西区建设路206号',
    contact: '孙建国',
    intro: '从事矿山机械与轴承制造的老牌企业，设有财务共享中心，正推进业财一体化。',
    posts: [
      ['成本会计', '成本会计', 1, '河南省:洛阳市', 3, 3, 3, 2],
      ['财务共享中心经理', '财务共享中心经理', 3, '河南省:洛阳市', 5, 5, 3, 1],
      ['预算专员', '预算专员', 1, '河南省:洛阳市', 3, 2, 3, 1],
      ['内部审计', '内部审计', 2, '河南省:洛阳市,河南省:郑州市', 4, 3, 3, 1],
      ['成本控制经理', '成本控制经理', 2, '河南省:洛阳市', 4, 4, 3, 1],
    ],
  },
  {
    phone: '13900002002',
    name: '冀中能源贸易集团有限公司',
    industry: '能源与公用事业',
    unitSize: 5,
    city: '河北省:石家庄市',
    address: '石家庄市长安区中山东路118号',
    contact: '刘海涛',
    intro: '河北省内大宗能源贸易企业，下属 12 家子公司，财务部门实行集中核算。',
    posts: [
      ['资金经理', '资金经理', 2, '河北省:石家庄市', 5, 4, 3, 1],
      ['往来会计', '往来会计', 1, '河北省:石家庄市', 2, 2, 2, 2],
      ['税务经理', '税务经理', 2, '河北省:石家庄市,河北省:保定市', 5, 4, 3, 1],
      ['费用会计', '费用会计', 1, '河北省:唐山市', 2, 1, 2, 1],
      ['合规专员', '合规专员', 1, '河北省:石家庄市', 3, 2, 3, 1],
    ],
  },
  {
    phone: '13900002003',
    name: '长白山参业农业科技有限公司',
    industry: '农林牧渔',
    unitSize: 4,
    city: '吉林省:长春市',
    address: '长春市南关区人民大街5688号',
    contact: '金秀英',
    intro: '人参种植与深加工企业，产品出口日韩，正在筹备新三板挂牌。',
    posts: [
      ['财务主管', '财务主管', 2, '吉林省:长春市', 3, 3, 3, 1],
      ['会计助理', '会计助理', 1, '吉林省:长春市,吉林省:吉林市', 1, 0, 2, 2],
      ['融资经理', '融资经理', 3, '吉林省:长春市', 5, 4, 4, 1],
      ['出纳主管', '出纳主管', 1, '吉林省:延边朝鲜族自治州', 2, 2, 2, 1],
      ['税务会计', '税务会计', 1, '吉林省:长春市', 3, 2, 3, 1],
    ],
  },
  {
    phone: '13900002004',
    name: '贵州黔云大数据服务有限公司',
    industry: '信息技术',
    unitSize: 4,
    city: '贵州省:贵阳市',
    address: '贵阳市观山湖区长岭北路55号',
    contact: '杨帆',
    intro: '为政企客户提供数据中心托管与云服务，研发费用加计扣除等税务事项较多。',
    posts: [
      ['财务数据分析师', '财务数据分析师', 1, '贵州省:贵阳市', 4, 2, 3, 2],
      ['税务筹划师', '税务筹划师', 2, '贵州省:贵阳市', 4, 3, 3, 1],
      ['总账会计', '总账会计', 1, '贵州省:贵阳市,贵州省:遵义市', 3, 2, 3, 1],
      ['财务系统实施顾问', '财务系统实施顾问', 2, '贵州省:贵阳市', 5, 3, 3, 2],
      ['经营分析师', '经营分析师', 2, '贵州省:贵阳市', 4, 3, 3, 1],
    ],
  },
  {
    phone: '13900002005',
    name: '宁波甬港国际物流有限公司',
    industry: '交通运输',
    unitSize: 5,
    city: '浙江省:宁波市',
    address: '宁波市北仑区明州路388号',
    contact: '陈志远',
    intro: '港口集装箱物流与跨境供应链服务商，年营收逾 20 亿元，外汇业务频繁。',
    posts: [
      ['财务总监', '财务总监', 4, '浙江省:宁波市', 6, 5, 4, 1],
      ['资金专员', '资金专员', 1, '浙江省:宁波市', 3, 2, 3, 1],
      ['业财融合经理', '业财融合经理', 2, '浙江省:宁波市', 5, 4, 3, 1],
      ['外部审计', '外部审计', 1, '浙江省:宁波市,浙江省:杭州市', 4, 2, 3, 2],
      ['风控经理', '风控经理', 2, '浙江省:宁波市', 5, 4, 3, 1],
    ],
  },
  {
    phone: '13900002006',
    name: '广西北部湾糖业集团有限公司',
    industry: '制造业',
    unitSize: 5,
    city: '广西壮族自治区:南宁市',
    address: '南宁市青秀区民族大道136号',
    contact: '韦丽娟',
    intro: '广西重点制糖企业，旗下 8 家糖厂，财务部门实行全面预算管理。',
    posts: [
      ['预算经理', '预算经理', 2, '广西壮族自治区:南宁市', 4, 4, 3, 1],
      ['成本会计', '成本会计', 1, '广西壮族自治区:崇左市', 2, 2, 2, 3],
      ['内控经理', '内控经理', 2, '广西壮族自治区:南宁市', 4, 4, 3, 1],
      ['财务专员', '财务专员', 1, '广西壮族自治区:南宁市,广西壮族自治区:柳州市', 2, 1, 2, 2],
      ['审计经理', '审计经理', 3, '广西壮族自治区:南宁市', 5, 5, 3, 1],
    ],
  },
];

const DUTIES: Record<number, string> = {
  1: '负责日常凭证审核与账务处理，按月完成结账、对账及报表编制；配合年度审计与税务申报；整理并归档会计资料。',
  2: '负责所辖模块的制度建设与流程优化，带领 3-5 人团队完成月度、年度报告；与业务部门沟通，提供数据分析与改进建议。',
  3: '统筹公司财务管理工作，建立预算、资金与风险管控体系；向管理层提供经营决策支持；对接银行、税务及审计机构。',
  4: '全面负责集团财务战略、资本运作与税务筹划；参与重大投资决策；搭建财务团队并推动数字化转型。',
};
const REQUIREMENTS =
  '任职要求：财务、会计或相关专业；熟悉企业会计准则和税法；熟练使用金蝶或用友等财务软件；持有相关职业资格证书者优先。';

/** Public job seekers for talent query and recommendation (phone, name, sex, city, positions, band, star, degree). */
const SEEKERS: [string, string, number, string, string, number, number, number][] = [
  ['13900003001', '王磊', 0, '河南省:郑州市', '总账会计,财务主管', 3, 3, 3],
  ['13900003002', '赵静', 1, '河南省:洛阳市', '成本会计', 2, 2, 2],
  ['13900003003', '张伟', 0, '河北省:石家庄市', '税务经理,税务主管', 4, 4, 4],
  ['13900003004', '朴美玲', 1, '吉林省:长春市', '财务主管,财务经理', 3, 3, 3],
  ['13900003005', '罗强', 0, '贵州省:贵阳市', '财务数据分析师,财务分析师', 4, 2, 3],
  ['13900003006', '陈晓燕', 1, '浙江省:宁波市', '资金专员,资金经理', 3, 3, 4],
  ['13900003007', '黄志明', 0, '广西壮族自治区:南宁市', '预算经理,预算专员', 4, 4, 3],
  ['13900003008', '李娟', 1, '河南省:郑州市', '税务专员,税务会计', 2, 1, 3],
];

async function userId(tx: Tx, phone: string, create: () => Promise<number | null>): Promise<number> {
  const existing = await authRepository.findUserByPhone(tx, phone);
  if (existing) return existing.id;
  const id = await create();
  if (id === null) throw new Error(`demo account ${phone} not created`);
  return id;
}

/**
 * Demo recruiting data: seven verified companies in the six regional bases' provinces with 36 online posts, public
 * job seekers, and applications in several states between the member demo account and the demo company.
 * Idempotent: a company that already has posts is left as is; applications and pool entries are unique.
 */
export const recruitingSeed: SeedModule = {
  name: 'recruiting',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const dayOffset = (days: number) => chinaDate(new Date(now.getTime() + days * DAY_MS));
    const postIds = new Map<string, number>();
    if (!(await authRepository.findUserByPhone(tx, RECRUITING_STAFF.phone)))
      await usersRepository.create(tx, {
        phone: RECRUITING_STAFF.phone,
        passwordHash: await createPasswordHasher().hash(RECRUITING_STAFF.password),
        role: 'personal',
        nickname: RECRUITING_STAFF.nickname,
        staffRoles: ['reviewer'],
        now,
      });
    let creditSeq = 0;

    for (const [ci, c] of COMPANIES.entries()) {
      creditSeq++;
      const id = await userId(tx, c.phone!, () =>
        usersRepository.create(tx, {
          phone: c.phone!,
          passwordHash: null,
          role: 'company',
          nickname: c.name,
          companyName: c.name,
          creditCode:
            `91${String(410000 + ci * 10000)}MA0${String(creditSeq).padStart(2, '0')}DEMO${ci}`.slice(0, 18),
          now,
        }),
      );
      await tx
        .insert(recruitingCompanies)
        .values({
          userId: id,
          name: c.name,
          industry: c.industry,
          unitSize: c.unitSize,
          city: c.city,
          address: c.address,
          intro: c.intro,
          contactName: c.contact,
          contactPhone: `0${371 + ci}-6${String(5550000 + ci * 1111).slice(0, 7)}`,
          status: 'verified',
          submittedAt: new Date(now.getTime() - 30 * DAY_MS),
          reviewedAt: new Date(now.getTime() - 29 * DAY_MS),
          updatedAt: now,
        })
        .onConflictDoNothing();
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(recruitingPosts)
        .where(eq(recruitingPosts.companyId, id))) as [{ n: number }];
      if (n > 0) continue;
      for (const [
        pi,
        [title, position, level, citys, band, experience, education, headcount],
      ] of c.posts.entries()) {
        const [min, max] = SALARY_BAND_RANGES[band]!;
        const published = new Date(now.getTime() - (ci * 3 + pi * 2 + 1) * DAY_MS);
        const [row] = await tx
          .insert(recruitingPosts)
          .values({
            companyId: id,
            title,
            position,
            positionLevel: level,
            citys,
            salaryBand: band,
            salaryMin: min,
            salaryMax: max,
            experience,
            education,
            headcount,
            description: `岗位职责：${DUTIES[level]}\n${REQUIREMENTS}\n工作地点：${c.address}。`,
            expiresOn: dayOffset(60 + pi * 5),
            status: 'online',
            submittedAt: published,
            publishedAt: published,
            createdAt: published,
            updatedAt: published,
          })
          .returning({ id: recruitingPosts.id });
        postIds.set(`${ci}:${pi}`, row!.id);
      }
      // One post waiting for review and one draft for the demo company's list and the staff review page.
      if (ci === 0) {
        for (const [title, status] of [
          ['费用会计', 'pending'],
          ['资金专员', 'draft'],
        ] as const) {
          await tx.insert(recruitingPosts).values({
            companyId: id,
            title,
            position: title,
            positionLevel: 1,
            citys: '河南省:郑州市',
            salaryBand: 2,
            salaryMin: 5000,
            salaryMax: 8999,
            experience: 2,
            education: 2,
            headcount: 1,
            description: `岗位职责：${DUTIES[1]}\n${REQUIREMENTS}`,
            expiresOn: dayOffset(45),
            status,
            submittedAt: status === 'pending' ? now : null,
            createdAt: now,
            updatedAt: now,
          });
        }
      }
    }

    // Public job seekers.
    const seekerIds: number[] = [];
    for (const [phone, name, sex, city, positions, band, star, degree] of SEEKERS) {
      const id = await userId(tx, phone, () =>
        usersRepository.create(tx, { phone, passwordHash: null, role: 'personal', nickname: name, now }),
      );
      seekerIds.push(id);
      if (await talentRepository.applyJobOf(tx, id)) continue;
      await talentRepository.upsertApplyJob(
        tx,
        id,
        {
          name,
          sex,
          birthday: `${1985 + (id % 10)}-0${1 + (id % 9)}-15`,
          salary: band,
          showPersonalInfo: true,
          citys: city,
          positions,
          industries: '制造业',
        },
        now,
      );
      await tx
        .insert(personalAchieve)
        .values({ userId: id, starId: star, totalLearnTime: star * 36_000, finishCourseNum: star * 3 })
        .onConflictDoUpdate({
          target: personalAchieve.userId,
          set: { starId: star, totalLearnTime: star * 36_000, finishCourseNum: star * 3 },
        });
      await talentRepository.insertRecord(
        tx,
        'customer_edus',
        id,
        {
          school: ['郑州大学', '河北经贸大学', '吉林财经大学', '贵州财经大学', '浙江工商大学', '广西大学'][
            id % 6
          ]!,
          major: '会计学',
          degree,
          startDate: '2006-09-01',
          endDate: '2010-06-30',
        },
        now,
      );
      await talentRepository.insertRecord(
        tx,
        'customer_jobs',
        id,
        {
          company: '本地制造企业',
          position: positions.split(',')[0]!,
          positionLevel: 1 + (star > 3 ? 1 : 0),
          startDate: `${2018 - star}-07-01`,
          endDate: null,
          duties: '负责日常核算与报表编制。',
        },
        now,
      );
      await talentRepository.insertRecord(
        tx,
        'credentials',
        id,
        {
          name: star >= 3 ? '中级会计专业技术资格' : '初级会计专业技术资格',
          number: null,
          issuer: '财政部',
          issuedOn: '2016-09-10',
          attachmentId: null,
        },
        now,
      );
    }

    // Applications in several states: the member applies to the demo company and others; seekers apply too.
    const member = await authRepository.findUserByPhone(tx, MEMBER_PHONE);
    const demoCompany = await authRepository.findUserByPhone(tx, DEMO_COMPANY_PHONE);
    if (!member || !demoCompany || postIds.size === 0) return;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
    const interviewAt = new Date(`${dayOffset(3)}T10:00:00+08:00`);
    const applications: [number, string, typeof recruitingApplications.$inferInsert.status, number][] = [
      [member.id, '0:0', 'interview', 6],
      [member.id, '0:5', 'viewed', 4],
      [member.id, '1:4', 'sent', 2],
      [member.id, '2:0', 'unsuitable', 9],
      [member.id, '6:0', 'withdrawn', 5],
      [seekerIds[0]!, '0:1', 'sent', 1],
      [seekerIds[7]!, '0:2', 'sent', 1],
      [seekerIds[0]!, '0:3', 'viewed', 3],
    ];
    for (const [uid, key, status, daysAgo] of applications) {
      const postId = postIds.get(key);
      if (!postId) continue;
      const companyId = key.startsWith('0:')
        ? demoCompany.id
        : (
            await tx
              .select({ c: recruitingPosts.companyId })
              .from(recruitingPosts)
              .where(eq(recruitingPosts.id, postId))
          )[0]!.c;
      const inserted = await tx
        .insert(recruitingApplications)
        .values({
          postId,
          companyId,
          userId: uid,
          status,
          interviewAt: status === 'interview' ? interviewAt : null,
          interviewPlace: status === 'interview' ? '郑州市郑东新区商务内环路16号 12楼 会议室' : null,
          createdAt: at(daysAgo),
          updatedAt: at(Math.max(0, daysAgo - 1)),
        })
        .onConflictDoNothing()
        .returning({ id: recruitingApplications.id });
      if (inserted.length > 0 && status === 'interview')
        await messagesRepository.insert(tx, {
          userId: uid,
          title: '面试邀请',
          content: `示例财务咨询有限公司邀请您参加职位「财务经理」的面试。时间：${dayOffset(3)} 10:00，地点：郑州市郑东新区商务内环路16号 12楼 会议室。请在“我的求职”中接受邀请。`,
          now,
        });
    }
    // The demo company's talent pool.
    for (const [i, uid] of [seekerIds[0]!, seekerIds[7]!, member.id].entries()) {
      await tx
        .insert(recruitingPool)
        .values({
          companyId: demoCompany.id,
          userId: uid,
          tags: [['总账', '郑州'], ['税务'], ['会员', '财务经理']][i]!,
          note: [
            '有制造业全盘账经验，可随时到岗。',
            '应届两年，学习能力强，适合培养。',
            '已邀约面试，沟通顺畅。',
          ][i]!,
          source: i === 2 ? 'application' : 'query',
          createdAt: at(i + 1),
          updatedAt: at(i + 1),
        })
        .onConflictDoNothing();
    }
  },
};
