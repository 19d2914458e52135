import { useQuery } from '@tanstack/react-query';
import { staffApi, staffKeys } from './staff-api';

/** The /admin home figures; refreshed every 5 minutes while the screen is open. */
export function useDashboard() {
  return useQuery({ queryKey: staffKeys.dashboard, queryFn: staffApi.dashboard, refetchInterval: 300_000 });
}
