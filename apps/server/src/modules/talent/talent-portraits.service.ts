// Talent by use case: a person's portrait (personal info with every record and the radar), edited by its
// owner, public when the person chose so, and read as a resume by a company the person applied to.
import {
  birthdayProblem,
  chinaDate,
  computeRadar,
  maskIdNumber,
  maskPhone,
  talentMessages as m,
  type PersonalInfo,
  type TalentUserInfo,
  type updatePersonalInfoBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { accountChanges } from '../users';
import {
  credentialsWithAttachments,
  toEdu,
  toJob,
  toPaper,
  toProfit,
  toUserApplyJob,
  type TalentServiceDeps,
} from './talent-shared';
import { talentRepository as repo, type PersonRow } from './talent.repository';

export function createTalentPortraitsService({ db, clock }: Pick<TalentServiceDeps, 'db' | 'clock'>) {
  async function requirePerson(userId: number): Promise<PersonRow> {
    const p = await repo.person(db, userId);
    if (!p) throw new AppError(406);
    return p;
  }

  async function personalInfo(
    userId: number,
    publicView: boolean,
    keepAttachments = false,
  ): Promise<PersonalInfo> {
    const [person, info, job, edus, jobs, credentialRows, profits, papers] = await Promise.all([
      requirePerson(userId),
      repo.userInfo(db, userId),
      repo.applyJobOf(db, userId),
      repo.listRecords(db, 'customer_edus', userId),
      repo.listRecords(db, 'customer_jobs', userId),
      repo.listRecords(db, 'credentials', userId),
      repo.listRecords(db, 'job_profits', userId),
      repo.listRecords(db, 'papers', userId),
    ]);
    const now = clock.now();
    const phone = info?.contactPhone ?? person.phone;
    const userInfo: TalentUserInfo = {
      id: person.id,
      phone: publicView ? maskPhone(phone) : phone,
      nickname: person.nickname,
      avatar: person.avatar,
      real_name: person.realName,
      gender: person.gender,
      birthday: publicView ? null : (info?.birthday ?? null),
      political_status: person.politicalStatus,
      unit_size: info?.unitSize ?? null,
      position_level: info?.positionLevel ?? null,
      work_unit: info?.workUnit ?? null,
      id_number: person.idNumber ? (publicView ? maskIdNumber(person.idNumber) : person.idNumber) : null,
      star_id: person.starId ?? 0,
      total_learn_time: person.totalLearnTime ?? 0,
      finish_course_num: person.finishCourseNum ?? 0,
      is_member: person.memberEndAt !== null && person.memberEndAt > now,
      show_personal_info: job?.showPersonalInfo ?? false,
    };
    const credentials =
      publicView && !keepAttachments
        ? credentialRows.map((r) => ({
            id: r.id,
            name: r.name,
            number: r.number,
            issuer: r.issuer,
            issued_on: r.issuedOn,
            attachment: null,
          }))
        : await credentialsWithAttachments(db, credentialRows);
    const applyJob = job ? toUserApplyJob(job) : null;
    return {
      user_info: userInfo,
      customer_edus: edus.map(toEdu),
      customer_jobs: jobs.map(toJob),
      credentials,
      job_profits: profits.map(toProfit),
      papers: papers.map(toPaper),
      radar: computeRadar({
        degrees: edus.map((e) => e.degree),
        credentialCount: credentialRows.length,
        jobs: jobs.map((j) => ({ start: j.startDate, end: j.endDate })),
        rewardCount: profits.length,
        paperCount: papers.length,
        learnSeconds: userInfo.total_learn_time,
        finishedCourses: userInfo.finish_course_num,
        today: chinaDate(now),
      }),
      user_apply_job: applyJob && publicView ? { ...applyJob, biithday: '' } : applyJob,
    };
  }

  return {
    // ---- personal info and portraits ------------------------------------------------------------------------

    personalInfo: (userId: number) => personalInfo(userId, false),

    async updatePersonalInfo(
      userId: number,
      body: z.output<typeof updatePersonalInfoBodySchema>,
    ): Promise<PersonalInfo> {
      if (body.birthday) {
        const problem = birthdayProblem(body.birthday, clock.now());
        if (problem) throw AppError.badRequest(problem, { birthday: problem });
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        const account: Parameters<typeof accountChanges.updateAccountProfile>[2] = {};
        if (body.real_name !== undefined) account.realName = body.real_name;
        if (body.id_number !== undefined) account.idNumber = body.id_number;
        if (body.gender !== undefined) account.gender = body.gender;
        if (body.political_status !== undefined) account.politicalStatus = body.political_status;
        await accountChanges.updateAccountProfile(tx, userId, account, now);
        const info: Parameters<typeof repo.upsertUserInfo>[2] = {};
        if (body.birthday !== undefined) info.birthday = body.birthday;
        if (body.unit_size !== undefined) info.unitSize = body.unit_size;
        if (body.position_level !== undefined) info.positionLevel = body.position_level;
        if (body.work_unit !== undefined) info.workUnit = body.work_unit;
        if (body.phone !== undefined) info.contactPhone = body.phone;
        await repo.upsertUserInfo(tx, userId, info, now);
      });
      return personalInfo(userId, false);
    },

    async showPersonalInfo(userId: number): Promise<boolean> {
      return (await repo.applyJobOf(db, userId))?.showPersonalInfo ?? false;
    },

    /**
     * A resume for a company the person applied to: the whole portrait with credential attachments (readable by that
     * company through the attachment-access hook), phone, ID and birthday masked when `masked`.
     */
    resumeFor: (userId: number, masked: boolean) => personalInfo(userId, masked, true),

    /** The portrait with phone, ID and birthday masked; 404 unless the person made it public. */
    async publicPortrait(userId: number): Promise<PersonalInfo> {
      const job = await repo.applyJobOf(db, userId);
      if (!job?.showPersonalInfo) throw new AppError(404, m.portraitNotPublic);
      return personalInfo(userId, true);
    },
  };
}
