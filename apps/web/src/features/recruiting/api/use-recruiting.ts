import { useQuery } from '@tanstack/react-query';
import { recruitingApi, recruitingKeys } from './recruiting-api';

/** Regions, position tree and industries of GET /api/select_options (fixed data). */
export function useSelectOptions() {
  return useQuery({
    queryKey: recruitingKeys.options,
    queryFn: recruitingApi.selectOptions,
    staleTime: Infinity,
  });
}

export function useMyCompany(enabled = true) {
  return useQuery({ queryKey: recruitingKeys.company, queryFn: recruitingApi.myCompany, enabled });
}
