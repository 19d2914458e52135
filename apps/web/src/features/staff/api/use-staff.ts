import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditQuery, SetStaffRolesBody } from '@app/contracts';
import { staffApi, staffKeys } from './staff-api';

export function useStaffMembers() {
  return useQuery({ queryKey: staffKeys.list, queryFn: staffApi.list });
}

export function useSetStaffRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetStaffRolesBody) => staffApi.setRoles(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useAuditLog(q: AuditQuery) {
  return useQuery({
    queryKey: staffKeys.audit(q),
    queryFn: () => staffApi.audit(q),
    placeholderData: keepPreviousData,
  });
}
