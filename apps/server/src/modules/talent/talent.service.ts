// The talent service, composed of its use cases (as the courses, exams, recruiting and Q&A modules split
// theirs): the job intention, talent records, the portrait, attachments. The names other files import from here
// stay importable here.
import { createTalentAttachmentsService } from './talent-attachments.service';
import { createTalentJobIntentionService } from './talent-job-intention.service';
import { createTalentPortraitsService } from './talent-portraits.service';
import { createTalentRecordsService } from './talent-records.service';
import type { TalentServiceDeps } from './talent-shared';

export { SELECT_OPTIONS } from './talent-job-intention.service';
export type { RecordBody } from './talent-records.service';
export {
  attachmentUrl,
  credentialsWithAttachments,
  toAttachment,
  toUserApplyJob,
  type AttachmentAccessCheck,
  type TalentServiceDeps,
} from './talent-shared';

export type TalentService = ReturnType<typeof createTalentService>;

export function createTalentService(deps: TalentServiceDeps) {
  return {
    ...createTalentJobIntentionService(deps),
    ...createTalentRecordsService(deps),
    ...createTalentPortraitsService(deps),
    ...createTalentAttachmentsService(deps),
  };
}
