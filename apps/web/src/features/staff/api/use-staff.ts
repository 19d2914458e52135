import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUsersQuery,
  AuditQuery,
  GrantMembershipBody,
  SetStaffRolesBody,
  SetUserDisabledBody,
} from '@app/contracts';
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

export function useAdminUsers(q: AdminUsersQuery) {
  return useQuery({
    queryKey: staffKeys.users(q),
    queryFn: () => staffApi.users(q),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: staffKeys.user(id ?? 0),
    queryFn: () => staffApi.user(id!),
    enabled: id !== null,
  });
}

export function useSetUserDisabled(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetUserDisabledBody) => staffApi.setDisabled(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useGrantMembership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantMembershipBody) => staffApi.grantMembership(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useResetPassword(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffApi.resetPassword(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
