// The recruiting service, composed of its use cases (as the exams and courses modules split theirs): companies and
// their verification, job posts and the board, applications, talent search and recommendations, the talent pool.
// The names other files import from here stay importable here.
import { createRecruitingApplicationsService } from './recruiting-applications.service';
import { createRecruitingCompaniesService } from './recruiting-companies.service';
import { createRecruitingPoolService } from './recruiting-pool.service';
import { createRecruitingPostsService } from './recruiting-posts.service';
import { createRecruitingShared, type RecruitingServiceDeps } from './recruiting-shared';
import { createRecruitingTalentsService } from './recruiting-talents.service';

export { logoUrl } from './recruiting-shared';
export { TALENT_TOTAL_CACHE_MS, walkTalents } from './recruiting-talents.service';

export type RecruitingService = ReturnType<typeof createRecruitingService>;

export function createRecruitingService(deps: RecruitingServiceDeps) {
  const shared = createRecruitingShared(deps);
  return {
    ...createRecruitingCompaniesService(deps, shared),
    ...createRecruitingPostsService(deps, shared),
    ...createRecruitingApplicationsService(deps, shared),
    ...createRecruitingTalentsService(deps, shared),
    ...createRecruitingPoolService(deps, shared),
  };
}
