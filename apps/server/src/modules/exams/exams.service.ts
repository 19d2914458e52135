// The exams service, composed of its use cases (as the courses module splits its services): notices and
// registration, attempts, grading, certificates. The names other files import from here stay importable here.
import { createExamsAttemptsService } from './exams-attempts.service';
import { createExamsCertificatesService } from './exams-certificates.service';
import { createAttemptClosing, createExamsGradingService } from './exams-grading.service';
import { createExamsRegistrationService } from './exams-registration.service';
import type { ExamsServiceDeps } from './exams-shared';

export { ruleText } from './exams-attempts.service';
export {
  certificateState,
  createExamCertificates,
  toCertificate,
  type ExamCertificates,
} from './exams-certificates.service';
export {
  attemptsLeft,
  createExamProducts,
  sessionPhase,
  type ExamProducts,
} from './exams-registration.service';
export type { ExamsServiceDeps } from './exams-shared';

export function createExamsService({ db, clock, messages, audit }: ExamsServiceDeps) {
  const closing = createAttemptClosing({ db, clock, messages });
  return {
    ...createExamsRegistrationService({ db, clock }, closing),
    ...createExamsAttemptsService({ db, clock }, closing),
    ...createExamsGradingService({ db, clock, audit }, closing),
    ...createExamsCertificatesService({ db, clock, messages, audit }),
  };
}
export type ExamsService = ReturnType<typeof createExamsService>;
