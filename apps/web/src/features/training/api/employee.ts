import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trainingRoutes as r } from '@app/contracts/training/training.routes';
import type { MyCompany } from '@app/contracts/training/training.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';
import { useSessionStore } from '@/shared/lib/session/session-store';

/** The employee's side of company training (我的单位): their company, seat, invitations and assigned courses. */
export const employeeKeys = {
  myCompany: ['training', 'my-company'] as const,
};

export type InvitationAnswer = 'accept' | 'decline';

export const employeeApi = {
  /** Silent: 我的单位 shows its own failure, and the blocks on 学员中心 / 我的课程 simply stay away. */
  myCompany: () => apiClient.get<MyCompany>(r.myCompany.path, {}, { silent: true }),
  /** Accept or decline one invitation; the answer is the whole 我的单位 again. */
  answer: (id: number, answer: InvitationAnswer) =>
    apiClient.requestEnvelope<MyCompany>({
      method: 'POST',
      url: withId(answer === 'accept' ? r.accept.path : r.decline.path, id),
      silent: true,
    }),
  leave: () => apiClient.requestEnvelope<MyCompany>({ method: 'POST', url: r.leave.path, silent: true }),
};

/**
 * GET /api/my_company. `enabled` false for accounts that have no such page (a company account): it is asked only
 * for personal accounts, which the centre pages that show assigned courses know.
 */
export function useMyCompany(enabled = true) {
  return useQuery({ queryKey: employeeKeys.myCompany, queryFn: employeeApi.myCompany, enabled, staleTime: 30_000 });
}

/**
 * The writes of 我的单位 answer the new state: it replaces the cached one, and the current user is read again
 * because a seat given or taken back changes the membership (会员有效期) the centre shows.
 */
function useWriteMyCompany<V>(write: (v: V) => ReturnType<typeof employeeApi.leave>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (res) => {
      queryClient.setQueryData(employeeKeys.myCompany, res.data);
      void useSessionStore.getState().loadCurrentUser();
    },
  });
}

export function useAnswerInvitation() {
  return useWriteMyCompany(({ id, answer }: { id: number; answer: InvitationAnswer }) => employeeApi.answer(id, answer));
}

export function useLeaveCompany() {
  return useWriteMyCompany((_: void) => employeeApi.leave());
}
