import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trainingRoutes as r } from '@app/contracts/training/training.routes';
import type {
  AdminCompanySeats,
  AdminSeatFixBody,
  AdminTrainingOverview,
  Assignable,
  SaveSeatTierBody,
  SaveTrainingPlanBody,
  SeatTier,
  TrainingPlan,
} from '@app/contracts/training/training.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

/** Staff screens of company training (/admin/training/...). */
export interface AdminCompanyQuery {
  page: number;
  per: number;
  keyword?: string;
}

export const adminTrainingKeys = {
  all: ['training', 'admin'] as const,
  overview: (q: AdminCompanyQuery) => ['training', 'admin', 'overview', q] as const,
  companySeats: (id: number) => ['training', 'admin', 'company-seats', id] as const,
  tiers: ['training', 'admin', 'tiers'] as const,
  plans: ['training', 'admin', 'plans'] as const,
  planCourses: ['training', 'admin', 'plan-courses'] as const,
};

export type PlanCourse = Assignable['courses'][number];

// Writes are silent: each screen shows the server's message itself (a field error on its field, a refusal as a toast).
export const adminTrainingApi = {
  overview: (q: AdminCompanyQuery) =>
    apiClient.get<AdminTrainingOverview>(r.adminOverview.path, { ...q, keyword: q.keyword || undefined }),
  companySeats: (companyId: number) => apiClient.get<AdminCompanySeats>(withId(r.adminCompanySeats.path, companyId)),
  fixSeat: (seatId: number, body: AdminSeatFixBody) =>
    apiClient.requestEnvelope<AdminCompanySeats>({ method: 'POST', url: withId(r.adminFixSeat.path, seatId), data: body, silent: true }),

  tiers: () => apiClient.get<SeatTier[]>(r.adminTiers.path),
  createTier: (body: SaveSeatTierBody) =>
    apiClient.requestEnvelope<SeatTier[]>({ method: 'POST', url: r.adminCreateTier.path, data: body, silent: true }),
  updateTier: (id: number, body: SaveSeatTierBody) =>
    apiClient.requestEnvelope<SeatTier[]>({ method: 'PUT', url: withId(r.adminUpdateTier.path, id), data: body, silent: true }),
  deleteTier: (id: number) =>
    apiClient.requestEnvelope<SeatTier[]>({ method: 'DELETE', url: withId(r.adminDeleteTier.path, id), silent: true }),

  plans: () => apiClient.get<TrainingPlan[]>(r.adminPlans.path),
  planCourses: () => apiClient.get<PlanCourse[]>(r.adminPlanCourses.path),
  createPlan: (body: SaveTrainingPlanBody) =>
    apiClient.requestEnvelope<TrainingPlan>({ method: 'POST', url: r.adminCreatePlan.path, data: body, silent: true }),
  updatePlan: (id: number, body: SaveTrainingPlanBody) =>
    apiClient.requestEnvelope<TrainingPlan>({ method: 'PUT', url: withId(r.adminUpdatePlan.path, id), data: body, silent: true }),
};

export function useAdminTrainingOverview(q: AdminCompanyQuery) {
  return useQuery({ queryKey: adminTrainingKeys.overview(q), queryFn: () => adminTrainingApi.overview(q), placeholderData: keepPreviousData });
}

export function useAdminCompanySeats(companyId: number | null) {
  return useQuery({
    queryKey: adminTrainingKeys.companySeats(companyId ?? 0),
    queryFn: () => adminTrainingApi.companySeats(companyId!),
    enabled: companyId !== null,
  });
}

export function useAdminSeatTiers() {
  return useQuery({ queryKey: adminTrainingKeys.tiers, queryFn: adminTrainingApi.tiers });
}

export function useAdminPlans() {
  return useQuery({ queryKey: adminTrainingKeys.plans, queryFn: adminTrainingApi.plans });
}

export function useAdminPlanCourses(enabled = true) {
  return useQuery({ queryKey: adminTrainingKeys.planCourses, queryFn: adminTrainingApi.planCourses, enabled, staleTime: 60_000 });
}
