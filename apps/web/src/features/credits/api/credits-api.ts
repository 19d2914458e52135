import type {
  CourseCredit,
  CourseCreditBody,
  CreditRule,
  CreditRuleBody,
  MyCreditYear,
} from '@app/contracts/credits/credits.schemas';
import { creditsRoutes as r } from '@app/contracts/credits/credits.routes';
import { apiClient } from '@/shared/lib/api-client';

export const creditsKeys = {
  all: ['credits'] as const,
  year: (year: number | undefined) => ['credits', 'year', year ?? 'current'] as const,
  rules: ['credits', 'rules'] as const,
  courses: ['credits', 'courses'] as const,
};

export const creditsApi = {
  myYear: (year?: number) => apiClient.get<MyCreditYear>(r.myYear.path, year ? { year } : {}),
  setRegion: (region: string | null) =>
    apiClient.requestEnvelope<{ region: string | null }>({ method: 'PUT', url: r.setRegion.path, data: { region } }),
  rules: () => apiClient.get<CreditRule[]>(r.adminRules.path),
  saveRule: (body: CreditRuleBody) =>
    apiClient.requestEnvelope<CreditRule>({ method: 'POST', url: r.adminSaveRule.path, data: body, silent: true }),
  courses: () => apiClient.get<CourseCredit[]>(r.adminCourses.path),
  saveCourse: (id: number, body: CourseCreditBody) =>
    apiClient.requestEnvelope<CourseCredit>({
      method: 'PUT',
      url: r.adminSaveCourse.path.replace(':id', String(id)),
      data: body,
      silent: true,
    }),
};
