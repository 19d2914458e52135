import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  coursesRoutes,
  type AdminInvoiceListQuery,
  type CourseDetail,
  type CreateInvoiceBody,
  type InvoiceListQuery,
  type OrderListQuery,
  type RejectInvoiceBody,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { memberKeys, membersApi } from './members-api';

/** Plans change rarely. */
const PLANS_STALE_MS = 5 * 60_000;

export function useMemberPlans() {
  return useQuery({ queryKey: memberKeys.plans(), queryFn: membersApi.plans, staleTime: PLANS_STALE_MS });
}

/** The course being bought (title, cover, price, member price, whether it is already mine). */
export function useCourseForSale(courseId: number) {
  return useQuery({
    queryKey: ['members', 'course-for-sale', courseId],
    queryFn: () => apiClient.get<CourseDetail>(coursesRoutes.showCourse.path, { id: courseId }),
    enabled: courseId > 0,
  });
}

export function useOrders(query: OrderListQuery) {
  return useQuery({ queryKey: memberKeys.orders(query), queryFn: () => membersApi.orders(query), placeholderData: keepPreviousData });
}

export function useOrder(id: number) {
  return useQuery({ queryKey: memberKeys.order(id), queryFn: () => membersApi.order(id), enabled: id > 0 });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => membersApi.cancelOrder(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export function useInvoices(query: InvoiceListQuery) {
  return useQuery({ queryKey: memberKeys.invoices(query), queryFn: () => membersApi.invoices(query), placeholderData: keepPreviousData });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => membersApi.createInvoice(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export function useAdminInvoices(query: AdminInvoiceListQuery) {
  return useQuery({
    queryKey: memberKeys.adminInvoices(query),
    queryFn: () => membersApi.adminInvoices(query),
    placeholderData: keepPreviousData,
  });
}

export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => membersApi.issueInvoice(id, file, file.name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['members', 'admin-invoices'] }),
  });
}

export function useRejectInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RejectInvoiceBody }) => membersApi.rejectInvoice(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['members', 'admin-invoices'] }),
  });
}
