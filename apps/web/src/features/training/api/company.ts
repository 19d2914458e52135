import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { membersRoutes } from '@app/contracts/members/members.routes';
import type { Order } from '@app/contracts/members/members.schemas';
import { SEAT_PRODUCT_ID } from '@app/contracts/training/training.rules';
import { trainingRoutes as r } from '@app/contracts/training/training.routes';
import type {
  Assignable,
  Assignment,
  CreateAssignmentBody,
  EmployeeDetail,
  EmployeePage,
  EmployeeQuery,
  Invitation,
  Seats,
  TrainingOverview,
} from '@app/contracts/training/training.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';
import { saveBlob } from '@/shared/lib/save-blob';
import { employeesExportUrl, summaryPdfUrl, type EmployeeFilters } from '../lib/company-export';

/** The company's side of company training (企业培训): its dashboard, employees, invitations, 学员卡 and assignments. */
export const companyKeys = {
  all: ['training', 'company'] as const,
  overview: ['training', 'company', 'overview'] as const,
  employees: (q: EmployeeQuery) => ['training', 'company', 'employees', q] as const,
  employee: (id: number) => ['training', 'company', 'employee', id] as const,
  invitations: ['training', 'company', 'invitations'] as const,
  seats: ['training', 'company', 'seats'] as const,
  assignable: ['training', 'company', 'assignable'] as const,
  assignments: ['training', 'company', 'assignments'] as const,
};

// Writes are silent: the screens show the server's message themselves (a toast, or the field of a form).
export const companyApi = {
  overview: () => apiClient.get<TrainingOverview>(r.overview.path),
  employees: (q: EmployeeQuery) => apiClient.get<EmployeePage>(r.employees.path, q),
  employee: (id: number) => apiClient.get<EmployeeDetail>(withId(r.employee.path, id)),
  removeEmployee: (id: number) =>
    apiClient.requestEnvelope<null>({ method: 'DELETE', url: withId(r.removeEmployee.path, id), silent: true }),
  invitations: () => apiClient.get<Invitation[]>(r.invitations.path),
  invite: (phone: string) =>
    apiClient.requestEnvelope<Invitation>({ method: 'POST', url: r.invite.path, data: { phone }, silent: true }),
  cancelInvitation: (id: number) =>
    apiClient.requestEnvelope<Invitation>({ method: 'POST', url: withId(r.cancelInvitation.path, id), silent: true }),
  seats: () => apiClient.get<Seats>(r.seats.path),
  assignSeats: (employmentIds: number[]) =>
    apiClient.requestEnvelope<Seats>({ method: 'POST', url: r.assignSeats.path, data: { employment_ids: employmentIds }, silent: true }),
  returnSeat: (id: number) => apiClient.requestEnvelope<Seats>({ method: 'POST', url: withId(r.returnSeat.path, id), silent: true }),
  /** One order for all the seats, paid and invoiced like every order. */
  buySeats: (quantity: number) =>
    apiClient.post<Order>(membersRoutes.createOrder.path, { product_type: 'seats', product_id: SEAT_PRODUCT_ID, quantity }, { silent: true }),
  assignable: () => apiClient.get<Assignable>(r.assignable.path),
  assignments: () => apiClient.get<Assignment[]>(r.assignments.path),
  assign: (body: CreateAssignmentBody) =>
    apiClient.requestEnvelope<Assignment[]>({ method: 'POST', url: r.assign.path, data: body, silent: true }),
  cancelAssignment: (id: number) =>
    apiClient.requestEnvelope<null>({ method: 'DELETE', url: withId(r.cancelAssignment.path, id), silent: true }),
  /** The files need the token header, so they are fetched as blobs rather than linked. */
  downloadEmployees: async (filters: EmployeeFilters, fileName: string) => {
    const blob = await apiClient.request<Blob>({ method: 'GET', url: employeesExportUrl(filters), responseType: 'blob', timeout: 120_000, silent: true });
    saveBlob(blob, fileName);
  },
  downloadSummary: async (year: number, fileName: string) => {
    const blob = await apiClient.request<Blob>({ method: 'GET', url: summaryPdfUrl(year), responseType: 'blob', timeout: 120_000, silent: true });
    saveBlob(blob, fileName);
  },
};

export function useTrainingOverview() {
  return useQuery({ queryKey: companyKeys.overview, queryFn: companyApi.overview });
}

export function useEmployees(q: EmployeeQuery, enabled = true) {
  return useQuery({ queryKey: companyKeys.employees(q), queryFn: () => companyApi.employees(q), placeholderData: keepPreviousData, enabled });
}

export function useEmployee(id: number | null) {
  return useQuery({ queryKey: companyKeys.employee(id ?? 0), queryFn: () => companyApi.employee(id!), enabled: id !== null });
}

export function useInvitations() {
  return useQuery({ queryKey: companyKeys.invitations, queryFn: companyApi.invitations });
}

export function useSeats() {
  return useQuery({ queryKey: companyKeys.seats, queryFn: companyApi.seats });
}

export function useAssignable(enabled = true) {
  return useQuery({ queryKey: companyKeys.assignable, queryFn: companyApi.assignable, enabled, staleTime: 5 * 60_000 });
}

export function useAssignments() {
  return useQuery({ queryKey: companyKeys.assignments, queryFn: companyApi.assignments });
}

/**
 * A write of the company's: every figure of the dashboard may move (an invitation, a seat or an assignment changes
 * the overview and the employee list alike), so all of the company's training reads are fetched again.
 */
function useCompanyWrite<V, R>(write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export const useInvite = () => useCompanyWrite(companyApi.invite);
export const useCancelInvitation = () => useCompanyWrite(companyApi.cancelInvitation);
export const useRemoveEmployee = () => useCompanyWrite(companyApi.removeEmployee);
export const useAssignSeats = () => useCompanyWrite(companyApi.assignSeats);
export const useReturnSeat = () => useCompanyWrite(companyApi.returnSeat);
export const useAssign = () => useCompanyWrite(companyApi.assign);
export const useCancelAssignment = () => useCompanyWrite(companyApi.cancelAssignment);
/** Nothing is cached about an order yet: it becomes seats only once paid. */
export const useBuySeats = () => useMutation({ mutationFn: companyApi.buySeats });
