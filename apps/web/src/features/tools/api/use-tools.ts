import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageQuery } from '@app/contracts';
import { toolsApi, toolsKeys } from './tools-api';

export function useRiskQuota(enabled: boolean) {
  return useQuery({ queryKey: toolsKeys.quota, queryFn: toolsApi.quota, enabled });
}

export function useRiskReports(q: PageQuery) {
  return useQuery({ queryKey: toolsKeys.list(q), queryFn: () => toolsApi.list(q), placeholderData: keepPreviousData });
}

export function useRiskReport(id: number) {
  return useQuery({ queryKey: toolsKeys.report(id), queryFn: () => toolsApi.show(id), enabled: id > 0 });
}

export function useAdminRiskReports(q: PageQuery) {
  return useQuery({ queryKey: toolsKeys.admin(q), queryFn: () => toolsApi.adminList(q), placeholderData: keepPreviousData });
}
