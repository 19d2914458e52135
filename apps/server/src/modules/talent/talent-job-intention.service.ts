// Talent by use case: the options of GET /api/select_options and the caller's job intention (one per user).
import {
  birthdayProblem,
  splitCitys,
  splitList,
  talentMessages as m,
  type SelectOptions,
  type UserApplyJob,
  type UserApplyJobInput,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { INDUSTRIES, POSITIONS } from './data/options.data';
import { REGIONS } from './data/regions.data';
import { toUserApplyJob, type TalentServiceDeps } from './talent-shared';
import { talentRepository as repo } from './talent.repository';

export const SELECT_OPTIONS: SelectOptions = { areas: REGIONS, positions: POSITIONS, industries: INDUSTRIES };
const CITY_PAIRS = new Set(REGIONS.flatMap((p) => p.sub_arr.map((c) => `${p.name}:${c.name}`)));
const POSITION_NAMES = new Set(POSITIONS.flatMap((p) => p.sub_arr.map((c) => c.name)));
const INDUSTRY_NAMES = new Set(INDUSTRIES.map((i) => i.name));

export function createTalentJobIntentionService({ db, clock }: Pick<TalentServiceDeps, 'db' | 'clock'>) {
  /** Option names, birthday and the user's own record: what the zod schema cannot check. */
  function checkJobIntention(input: UserApplyJobInput): void {
    const errors: Record<string, string> = {};
    const birthday = birthdayProblem(input.biithday, clock.now());
    if (birthday) errors.biithday = birthday;
    if (!splitCitys(input.citys).every(([p, c]) => CITY_PAIRS.has(`${p}:${c}`)))
      errors.citys = m.regionInvalid;
    if (!splitList(input.industries).every((n) => INDUSTRY_NAMES.has(n)))
      errors.industries = m.industryInvalid;
    if (!splitList(input.positions).every((n) => POSITION_NAMES.has(n))) errors.positions = m.positionInvalid;
    const first = Object.values(errors)[0];
    if (first) throw AppError.badRequest(first, errors);
  }

  const jobValues = (input: UserApplyJobInput) => ({
    name: input.name,
    sex: input.sex,
    birthday: input.biithday,
    salary: input.salary,
    showPersonalInfo: input.show_personal_info,
    citys: input.citys,
    positions: input.positions,
    industries: input.industries,
  });

  return {
    selectOptions: (): SelectOptions => SELECT_OPTIONS,

    // ---- job intention --------------------------------------------------------------------------------------

    /** Only the caller's own record is ever listed; another user's id gives an empty list. */
    async listJobIntentions(callerId: number, userId: number | undefined): Promise<UserApplyJob[]> {
      if (userId !== undefined && userId !== callerId) return [];
      const row = await repo.applyJobOf(db, callerId);
      return row ? [toUserApplyJob(row)] : [];
    },

    /**
     * POST (and POST /api/user_infos/): creates the caller's record, or updates it when one exists (one record per
     * user). A `user_apply_job[id]` that is not the caller's record answers 404.
     */
    async saveJobIntention(userId: number, input: UserApplyJobInput): Promise<UserApplyJob> {
      checkJobIntention(input);
      if (input.id !== undefined) {
        const existing = await repo.applyJobById(db, input.id);
        if (!existing || existing.userId !== userId) throw new AppError(404, m.jobIntentionNotFound);
      }
      return toUserApplyJob(await repo.upsertApplyJob(db, userId, jobValues(input), clock.now()));
    },

    /** PUT /api/user_apply_jobs/:id: another user's or a missing record answers 404. */
    async updateJobIntention(userId: number, id: number, input: UserApplyJobInput): Promise<UserApplyJob> {
      checkJobIntention(input);
      if (input.id !== undefined && input.id !== id) {
        throw new AppError(404, m.jobIntentionNotFound);
      }
      const row = await repo.updateApplyJob(db, id, userId, jobValues(input), clock.now());
      if (!row) throw new AppError(404, m.jobIntentionNotFound);
      return toUserApplyJob(row);
    },
  };
}
