import { eq } from 'drizzle-orm';
import type { SeedModule } from '../../../db/seed/index';
import { authRepository } from '../../auth/auth.repository';
import { talentRepository as repo } from '../talent.repository';
import { accountChanges } from '../../users';
import { talentRcpjs } from '../talent.table';

const MEMBER_PHONE = '13800138001';
const LEARNER_PHONE = '13900000001';

/**
 * Demo talent data: the member demo account gets a public portrait (job intention, personal info and records of
 * every kind); a demo learner has one submitted star application waiting for the staff review page. Idempotent:
 * a user who already has talent data is left as is.
 */
export const talentSeed: SeedModule = {
  name: 'talent',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const member = await authRepository.findUserByPhone(tx, MEMBER_PHONE);
    if (member && !(await repo.applyJobOf(tx, member.id))) {
      const id = member.id;
      await repo.upsertApplyJob(
        tx,
        id,
        {
          name: '刘会员',
          sex: 1,
          birthday: '1990-06-15',
          salary: 3,
          showPersonalInfo: true,
          citys: '河南省:郑州市,北京市:北京市',
          positions: '财务经理,预算经理',
          industries: '制造业,金融业',
        },
        now,
      );
      await accountChanges.updateAccountProfile(
        tx,
        id,
        { realName: '刘会员', gender: 1, politicalStatus: 2 },
        now,
      );
      await repo.upsertUserInfo(
        tx,
        id,
        { birthday: '1990-06-15', unitSize: 4, positionLevel: 2, workUnit: '示例制造有限公司' },
        now,
      );
      await repo.insertRecord(
        tx,
        'customer_edus',
        id,
        { school: '郑州大学', major: '会计学', degree: 3, startDate: '2008-09-01', endDate: '2012-06-30' },
        now,
      );
      await repo.insertRecord(
        tx,
        'customer_edus',
        id,
        {
          school: '河南财经政法大学',
          major: '财务管理',
          degree: 4,
          startDate: '2012-09-01',
          endDate: '2015-06-30',
        },
        now,
      );
      await repo.insertRecord(
        tx,
        'customer_jobs',
        id,
        {
          company: '示例会计师事务所',
          position: '审计助理',
          positionLevel: 1,
          startDate: '2015-07-01',
          endDate: '2018-06-30',
          duties: '参与年报审计与内控测试。',
        },
        now,
      );
      await repo.insertRecord(
        tx,
        'customer_jobs',
        id,
        {
          company: '示例制造有限公司',
          position: '财务经理',
          positionLevel: 2,
          startDate: '2018-07-01',
          endDate: null,
          duties: '负责全面预算、成本核算与财务分析。',
        },
        now,
      );
      await repo.insertRecord(
        tx,
        'credentials',
        id,
        {
          name: '中级会计师',
          number: 'ZJ2017000123',
          issuer: '财政部',
          issuedOn: '2017-10-20',
          attachmentId: null,
        },
        now,
      );
      await repo.insertRecord(
        tx,
        'credentials',
        id,
        {
          name: '管理会计师（CMA）',
          number: null,
          issuer: '美国管理会计师协会',
          issuedOn: '2020-04-10',
          attachmentId: null,
        },
        now,
      );
      await repo.insertRecord(
        tx,
        'job_profits',
        id,
        { title: '年度优秀财务管理者', profitType: 2, awardedOn: '2021-12-30', issuer: '示例制造有限公司' },
        now,
      );
      await repo.insertRecord(
        tx,
        'job_profits',
        id,
        { title: '财务数字化创新奖', profitType: 3, awardedOn: '2023-06-18', issuer: '示例集团' },
        now,
      );
      await repo.insertRecord(
        tx,
        'papers',
        id,
        {
          title: '制造企业全面预算管理的实践与思考',
          publication: '财务与会计',
          publishedOn: '2019-08-01',
          link: null,
        },
        now,
      );
      await repo.insertRecord(
        tx,
        'papers',
        id,
        {
          title: '业财融合视角下的成本管控',
          publication: '中国管理会计',
          publishedOn: '2022-03-01',
          link: null,
        },
        now,
      );
    }

    const learner = await authRepository.findUserByPhone(tx, LEARNER_PHONE);
    if (learner) {
      const existing = await tx
        .select({ id: talentRcpjs.id })
        .from(talentRcpjs)
        .where(eq(talentRcpjs.userId, learner.id));
      if (existing.length === 0) {
        const rcpj = await repo.insertRcpj(tx, {
          userId: learner.id,
          starId: 1,
          figures: { learn_seconds: 14 * 3600, finished_courses: 4, credentials: 1 },
          now,
        });
        if (rcpj) {
          const credential = await repo.insertRecord(
            tx,
            'credentials',
            learner.id,
            {
              name: '初级会计专业技术资格',
              number: 'CJ2022004567',
              issuer: '财政部',
              issuedOn: '2022-09-01',
              attachmentId: null,
            },
            now,
          );
          await repo.transitionRcpj(tx, rcpj.id, ['draft'], {
            status: 'submitted',
            credentialIds: [credential.id],
            statement: '本人从事会计工作三年，已完成多门平台课程，申请一星人才评价。',
            submittedAt: now,
          });
        }
      }
    }
  },
};
