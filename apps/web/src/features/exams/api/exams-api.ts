import {
  LEAVE_AWAY_MAX_MS,
  adminExamsRoutes,
  examsRoutes,
  type AdminCertificate,
  type AdminExamType,
  type AdminSession,
  type ExamTypeBody,
  type SessionBody,
  type Attempt,
  type Certificate,
  type CertificateCheck,
  type ExamPaper,
  type ExamPaperBody,
  type ExamType,
  type GradeBody,
  type GradingItem,
  type LeaveResult,
  type MyExams,
  type Question,
  type QuestionBody,
  type QuestionListQuery,
  type QuestionPage,
  type SaveAnswersBody,
  type SaveAnswersResult,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withParam } from '@/shared/lib/api-path';
import { examNoticeApi } from './exam-notice-api';

export const examsApi = {
  types: () => apiClient.get<ExamType[]>(examsRoutes.types.path),
  notice: examNoticeApi.notice,
  /** GET /api/exams: errors stay silent (SPEC §8). */
  mine: () => apiClient.get<MyExams>(examsRoutes.mine.path),
  /** The page shows the refusal itself (window, eligibility, payment). */
  register: examNoticeApi.register,
  /** A paid registration is an order of the members area (product_type 'exam', product_id: the session). */
  orderExam: examNoticeApi.orderExam,
  start: (registrationId: number) =>
    apiClient.post<Attempt>(withParam(examsRoutes.start.path, 'id', registrationId), undefined, { silent: true }),
  attempt: (id: number) => apiClient.get<Attempt>(withParam(examsRoutes.attempt.path, 'id', id), undefined, { silent: true }),
  takeover: (id: number) => apiClient.post<Attempt>(withParam(examsRoutes.takeover.path, 'id', id)),
  saveAnswers: (id: number, body: SaveAnswersBody) =>
    apiClient.put<SaveAnswersResult>(withParam(examsRoutes.saveAnswers.path, 'id', id), body, { silent: true }),
  leave: (id: number, awayMs: number) =>
    apiClient.post<LeaveResult>(withParam(examsRoutes.leave.path, 'id', id), { away_ms: Math.min(LEAVE_AWAY_MAX_MS, Math.round(awayMs)) }, { silent: true }),
  submit: (id: number) => apiClient.post<Attempt>(withParam(examsRoutes.submit.path, 'id', id)),
  myCertificates: () => apiClient.get<Certificate[]>(examsRoutes.myCertificates.path),
  /** Owner-only files need the token header: fetched as blobs. */
  certificatePdf: (number: string) =>
    apiClient.request<Blob>({
      method: 'GET',
      url: withParam(examsRoutes.certificatePdf.path, 'number', number),
      responseType: 'blob',
      timeout: 60_000,
    }),
  certificateBadge: (number: string) =>
    apiClient.request<Blob>({
      method: 'GET',
      url: withParam(examsRoutes.certificateBadge.path, 'number', number),
      responseType: 'blob',
    }),
  check: (number: string) =>
    apiClient.get<CertificateCheck>(withParam(examsRoutes.checkCertificate.path, 'number', number), undefined, {
      silent: true,
    }),

  questions: (query: QuestionListQuery) => apiClient.get<QuestionPage>(adminExamsRoutes.questions.path, query),
  createQuestion: (body: QuestionBody) =>
    apiClient.post<Question>(adminExamsRoutes.createQuestion.path, body, { silent: true }),
  updateQuestion: (id: number, body: QuestionBody) =>
    apiClient.put<Question>(withParam(adminExamsRoutes.updateQuestion.path, 'id', id), body, { silent: true }),
  deactivateQuestion: (id: number) => apiClient.delete<Question>(withParam(adminExamsRoutes.deactivateQuestion.path, 'id', id)),
  importTemplate: () =>
    apiClient.request<Blob>({ method: 'GET', url: adminExamsRoutes.importTemplate.path, responseType: 'blob' }),
  importQuestions: (typeId: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiClient.requestEnvelope<{ imported: number }>({
      method: 'POST',
      url: `${adminExamsRoutes.importQuestions.path}?type_id=${typeId}`,
      data: form,
      timeout: 120_000,
      silent: true,
    });
  },
  papers: () => apiClient.get<ExamPaper[]>(adminExamsRoutes.papers.path),
  createPaper: (body: ExamPaperBody) => apiClient.post<ExamPaper>(adminExamsRoutes.createPaper.path, body, { silent: true }),
  adminTypes: () => apiClient.get<AdminExamType[]>(adminExamsRoutes.types.path),
  createType: (body: ExamTypeBody) => apiClient.post<AdminExamType>(adminExamsRoutes.createType.path, body, { silent: true }),
  updateType: (id: number, body: ExamTypeBody) =>
    apiClient.put<AdminExamType>(withParam(adminExamsRoutes.updateType.path, 'id', id), body, { silent: true }),
  sessions: () => apiClient.get<AdminSession[]>(adminExamsRoutes.sessions.path),
  createSession: (body: SessionBody) => apiClient.post<AdminSession>(adminExamsRoutes.createSession.path, body, { silent: true }),
  gradingQueue: () => apiClient.get<GradingItem[]>(adminExamsRoutes.gradingQueue.path),
  grade: (body: GradeBody) => apiClient.post<{ remaining: number }>(adminExamsRoutes.grade.path, body),
  adminCertificates: (keyword: string) =>
    apiClient.get<AdminCertificate[]>(adminExamsRoutes.certificates.path, keyword ? { keyword } : {}),
  revoke: (id: number, reason: string) =>
    apiClient.post<AdminCertificate>(withParam(adminExamsRoutes.revokeCertificate.path, 'id', id), { reason }),
};

export { examKeys } from './exam-keys';

export { saveBlob } from '@/shared/lib/save-blob';
