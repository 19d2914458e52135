import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MagazineUpdateBody } from '@app/contracts';
import { magazineApi, magazineKeys } from './magazine-api';

export function useMagazineList(year: number | undefined) {
  return useQuery({ queryKey: magazineKeys.list(year), queryFn: () => magazineApi.list(year), placeholderData: keepPreviousData });
}

/** The reader's data; never cached across visits so the signed URL and the last page are fresh. */
export function useMagazineRead(id: number, enabled = true) {
  return useQuery({
    queryKey: magazineKeys.read(id),
    queryFn: () => magazineApi.read(id),
    enabled,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useAdminMagazines() {
  return useQuery({ queryKey: magazineKeys.admin, queryFn: magazineApi.adminList });
}

export function useMagazineAdminActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: magazineKeys.all });
  return {
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: MagazineUpdateBody }) => magazineApi.update(id, body),
      onSuccess: refresh,
    }),
    publish: useMutation({ mutationFn: (id: number) => magazineApi.publish(id), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => magazineApi.remove(id), onSuccess: refresh }),
    refresh,
  };
}
