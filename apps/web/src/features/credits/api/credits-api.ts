import type {
  CourseCredit,
  CourseCreditBody,
  CreditRule,
  CreditRuleBody,
  MyCreditYear,
} from '@app/contracts/credits/credits.schemas';
import { creditsRoutes as r } from '@app/contracts/credits/credits.routes';
import {
  conversionRoutes as cr,
  type AdminConversion,
  type AdminConversionsQuery,
  type Conversion,
  type ConversionFields,
  type ReviewConversionBody,
} from '@app/contracts/credits/credits-conversions';
import type { Paged } from '@app/contracts/common/pagination';
import {
  creditCertificateRoutes as ccr,
  type CreditCertificate,
  type CreditCertificateCheck,
} from '@app/contracts/credits/credits-certificates';
import { saveBlob } from '@/shared/lib/save-blob';
import { apiClient } from '@/shared/lib/api-client';

export const creditsKeys = {
  all: ['credits'] as const,
  year: (year: number | undefined) => ['credits', 'year', year ?? 'current'] as const,
  rules: ['credits', 'rules'] as const,
  courses: ['credits', 'courses'] as const,
  conversions: ['credits', 'conversions'] as const,
  certificates: ['credits', 'certificates'] as const,
  check: (number: string) => ['credits', 'check', number] as const,
  adminConversions: (q: AdminConversionsQuery) => ['credits', 'admin-conversions', q] as const,
};

const withId = (path: string, id: number) => path.replace(':id', String(id));

export const creditsApi = {
  myYear: (year?: number) => apiClient.get<MyCreditYear>(r.myYear.path, year ? { year } : {}),
  setRegion: (region: string | null) =>
    apiClient.requestEnvelope<{ region: string | null }>({ method: 'PUT', url: r.setRegion.path, data: { region } }),
  rules: () => apiClient.get<CreditRule[]>(r.adminRules.path),
  saveRule: (body: CreditRuleBody) =>
    apiClient.requestEnvelope<CreditRule>({ method: 'POST', url: r.adminSaveRule.path, data: body, silent: true }),
  courses: () => apiClient.get<CourseCredit[]>(r.adminCourses.path),

  /** multipart/form-data: the fields and the evidence file. */
  fileConversion: (fields: ConversionFields, file: Blob) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('file', file, file instanceof File ? file.name : '证明材料');
    return apiClient.requestEnvelope<Conversion>({ method: 'POST', url: cr.file.path, data: form, silent: true, timeout: 60_000 });
  },
  issueCertificate: (year: number) =>
    apiClient.requestEnvelope<CreditCertificate>({ method: 'POST', url: ccr.issue.path, data: { year }, silent: true }),
  myCertificates: () => apiClient.get<CreditCertificate[]>(ccr.mine.path),
  checkCertificate: (number: string) => apiClient.get<CreditCertificateCheck>(ccr.check.path.replace(':number', encodeURIComponent(number)), {}, { silent: true }),
  downloadCertificate: async (number: string, kind: 'pdf' | 'credential') => {
    const url = (kind === 'pdf' ? ccr.pdf.path : ccr.credential.path).replace(':number', encodeURIComponent(number));
    const blob = await apiClient.request<Blob>({ method: 'GET', url, responseType: 'blob' });
    saveBlob(blob, kind === 'pdf' ? `继续教育学时证明-${number}.pdf` : `学时证明电子凭证-${number}.json`);
  },
  myConversions: () => apiClient.get<Conversion[]>(cr.mine.path),
  adminConversions: (q: AdminConversionsQuery) => apiClient.get<Paged<AdminConversion>>(cr.adminList.path, q),
  reviewConversion: (id: number, body: ReviewConversionBody) =>
    apiClient.requestEnvelope<AdminConversion>({ method: 'POST', url: withId(cr.adminReview.path, id), data: body, silent: true }),
  withdrawConversion: (id: number, reason: string) =>
    apiClient.requestEnvelope<AdminConversion>({ method: 'POST', url: withId(cr.adminWithdraw.path, id), data: { reason }, silent: true }),
  downloadEvidence: async (c: AdminConversion) => {
    const blob = await apiClient.request<Blob>({ method: 'GET', url: c.evidence_url, responseType: 'blob' });
    saveBlob(blob, `${c.evidence.file_name.replace(/\.[^.]*$/, '')}.${c.evidence.mime === 'application/pdf' ? 'pdf' : 'webp'}`);
  },
  saveCourse: (id: number, body: CourseCreditBody) =>
    apiClient.requestEnvelope<CourseCredit>({
      method: 'PUT',
      url: withId(r.adminSaveCourse.path, id),
      data: body,
      silent: true,
    }),
};
