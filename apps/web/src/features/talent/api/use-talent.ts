import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminRcpjsQuery } from '@app/contracts';
import { talentApi, talentKeys } from './talent-api';

/** Regions, position tree and industries; fetched once per session (they are fixed data). */
export function useSelectOptions(enabled = true) {
  return useQuery({
    queryKey: talentKeys.options,
    queryFn: talentApi.selectOptions,
    enabled,
    staleTime: Infinity,
  });
}

/** My talent info (portrait); reloaded by invalidating talentKeys.info after every save or delete (SPEC §4). */
export function useTalentInfo() {
  return useQuery({ queryKey: talentKeys.info, queryFn: talentApi.personalInfo });
}

export function useStars() {
  return useQuery({ queryKey: talentKeys.stars, queryFn: talentApi.stars, staleTime: 5 * 60_000 });
}

export function useAttachmentDics(enabled = true) {
  return useQuery({
    queryKey: talentKeys.attachmentDics,
    queryFn: talentApi.attachmentDics,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useCenterRcpj() {
  return useQuery({ queryKey: talentKeys.centerRcpj, queryFn: talentApi.centerRcpj });
}

export function useAdminRcpjs(query: AdminRcpjsQuery) {
  return useQuery({
    queryKey: talentKeys.admin(query),
    queryFn: () => talentApi.adminList(query),
    placeholderData: keepPreviousData,
  });
}

export function useCreditArchive() {
  return useQuery({ queryKey: talentKeys.creditArchive, queryFn: talentApi.creditArchive });
}

/** My exam certificates (exams area), next to my star level. */
export function useMyCertificates() {
  return useQuery({ queryKey: talentKeys.certificates, queryFn: talentApi.myCertificates });
}

/** The exam types with notices (exams area), for the evaluation guide. */
export function useExamTypes() {
  return useQuery({ queryKey: talentKeys.examTypes, queryFn: talentApi.examTypes, staleTime: 5 * 60_000 });
}
