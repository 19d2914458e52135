import { useQuery } from '@tanstack/react-query';
import type { ProblemGroup } from '@app/contracts/content/content.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { contentKeys } from './content-keys';

/** Help problems change rarely: cache for 10 minutes. */
const PROBLEMS_STALE_MS = 10 * 60_000;

export function fetchProblems(): Promise<ProblemGroup[]> {
  // Path from contentRoutes.problems; the descriptor module is not imported here because it pulls zod into the first load.
  return apiClient.get<ProblemGroup[]>('/api/problems');
}

/** GET /api/problems: help problems grouped by guide type (footer columns, help centre). */
export function useProblems() {
  return useQuery({ queryKey: contentKeys.problems(), queryFn: fetchProblems, staleTime: PROBLEMS_STALE_MS });
}
