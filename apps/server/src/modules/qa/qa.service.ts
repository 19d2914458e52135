// The Q&A service, composed of its use cases (as the exams and courses modules split theirs): public questions,
// asking, the expert's workspace, staff's queue, and the work calendar behind the answer deadlines. The names other
// files import from here stay importable here.
import type { ModerationSource } from '../moderation';
import { createQaAskingService } from './qa-asking.service';
import { createQaExpertService } from './qa-expert.service';
import { createQaPublicService } from './qa-public.service';
import { QA_CONTEXT, createQaShared, questionLink, type QaServiceDeps } from './qa-shared';
import { createQaStaffService } from './qa-staff.service';
import { createQaWorkCalendarService } from './qa-work-calendar.service';
import { qaRepository as repo } from './qa.repository';

export {
  QA_IMAGE_URL_PREFIX,
  formatChinaTime,
  monthStart,
  toCard,
  toExpertCard,
  type QaServiceDeps,
} from './qa-shared';

/**
 * Moderation's view of questions, using the Q&A area's own hiding (the same flag staff set in the Q&A queue). A
 * follow-up is part of its question's thread: a flagged follow-up is queued as its question (wired in app.ts).
 */
export function qaModerationSource(): ModerationSource {
  return {
    async load(ex, id) {
      const q = await repo.question(ex, id);
      if (!q) return null;
      // A private question is not public either: it cannot be reported by others.
      return { authorId: q.userId, text: `${q.title}\n${q.body}`, context: QA_CONTEXT, link: questionLink(id), hidden: q.hidden || !q.isPublic };
    },
    hide: (tx, id, now) => repo.setHidden(tx, id, true, now),
    restore: (tx, id, now) => repo.setHidden(tx, id, false, now),
  };
}

export function createQaService(deps: QaServiceDeps) {
  const shared = createQaShared(deps);
  return {
    ...createQaPublicService(deps, shared),
    ...createQaAskingService(deps, shared),
    ...createQaExpertService(deps, shared),
    ...createQaStaffService(deps, shared),
    ...createQaWorkCalendarService(deps, shared),
  };
}

export type QaService = ReturnType<typeof createQaService>;
