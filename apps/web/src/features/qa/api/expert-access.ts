import { useQuery } from '@tanstack/react-query';
import { qaApi, qaKeys } from './qa-api';

/**
 * Whether the logged-in account is an expert (linked to a think-tank expert profile): the /admin layout shows such
 * an account the expert workspace only. `undefined` while unknown.
 */
export function useIsExpert(enabled: boolean): boolean | undefined {
  const q = useQuery({ queryKey: qaKeys.expertMe, queryFn: qaApi.expertMe, enabled, staleTime: 5 * 60_000 });
  if (!enabled) return false;
  if (q.isError) return false;
  return q.data ? q.data.expert !== null : undefined;
}
