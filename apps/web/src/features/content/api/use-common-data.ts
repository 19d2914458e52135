import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_NAME } from '@app/contracts/common/constants';
import type { CommonData } from '@app/contracts/content/content.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { contentKeys } from './content-keys';

/** Site-wide data is effectively static during a visit. */
const COMMON_DATA_STALE_MS = 60 * 60_000;

export function fetchCommonData(): Promise<CommonData> {
  return apiClient.get<CommonData>('/api/common_data');
}

/** GET /api/common_data: site name, contacts, QR code, filing numbers, association URL. */
export function useCommonData() {
  return useQuery({ queryKey: contentKeys.commonData(), queryFn: fetchCommonData, staleTime: COMMON_DATA_STALE_MS });
}

/** Site name for titles and the logo, DEFAULT_SITE_NAME until (or unless) common_data answers. */
export function useSiteName(): string {
  const { data } = useCommonData();
  return data?.site_name?.trim() || DEFAULT_SITE_NAME;
}
