// Public surface of the talent module (docs/architecture.md): the only file other modules import.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createTalentService } from './talent.service';

export { talentModule, createTalentModule, type TalentModuleOptions } from './talent.routes';
export type { AttachmentAccessCheck } from './talent.service';

/**
 * Table objects for other areas' foreign keys and read-only joins (recruiting's talent query and recommendation
 * read the public job intentions and records); writes go through this module's routes.
 */
export {
  talentApplyJobs,
  talentAttachments,
  talentCredentials,
  talentEdus,
  talentJobs,
} from './talent.table';

/** Portraits as resumes (recruiting): the whole portrait with credential scans, masked or not; public portraits. */
export function talentPortraits(deps: { db: Db; clock: Clock }) {
  // Reads only: stored attachments are never touched by these two.
  const service = createTalentService({ db: deps.db, clock: deps.clock });
  return { resumeFor: service.resumeFor, publicPortrait: service.publicPortrait };
}
export type TalentPortraits = ReturnType<typeof talentPortraits>;

/** Checks against the option data of GET /api/select_options (cities, positions, industries). */
export { talentOptions } from './talent-options';
/** Star-level applications waiting for review (staff dashboard). */
export { talentFigures } from './staff-figures';
