import type { Envelope } from '@app/contracts/common/envelope';
import { qaRoutes } from '@app/contracts/qa/qa.routes';
import type {
  AskableExpert,
  AdminExpert,
  AdminQueueParams,
  AnswerBody,
  AskQuestionBody,
  CalendarYear,
  Consultation,
  ConsultationBody,
  ConsultationsPage,
  ConsultationsQuery,
  ScheduleConsultationBody,
  ExpertMe,
  ExpertQuestion,
  ExpertQueueQuery,
  HolidayBody,
  LinkExpertBody,
  MyQuestion,
  MyQuestionsPage,
  MyThread,
  QaState,
  QaStats,
  QueuePage,
  QuizCard,
  QuizImage,
  QuizPage,
  QuizQuota,
  QuizTag,
} from '@app/contracts/qa/qa.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { quizDetailApi } from './quiz-detail-api';

const withId = (path: string, id: number | string) =>
  path.replace(':id', String(id)).replace(':date', String(id));

export interface QuizListParams {
  page: number;
  per: number;
  category?: string;
  tag?: string;
  keyword?: string;
  sort: 'newest' | 'useful';
}

/** Envelope calls resolve with the whole envelope when the page shows the server's message as the success toast. */
const post = <T>(url: string, data?: unknown) =>
  apiClient.requestEnvelope<T>({ method: 'POST', url, data: data ?? {}, silent: true });

export const qaApi = {
  list: (q: QuizListParams) => apiClient.get<QuizPage>(qaRoutes.list.path, q),
  tags: () => apiClient.get<QuizTag[]>(qaRoutes.tags.path),
  detail: quizDetailApi.detail,
  similar: (text: string) => apiClient.get<QuizCard[]>(qaRoutes.similar.path, { text }, { silent: true }),
  vote: quizDetailApi.vote,

  quota: () => apiClient.get<QuizQuota>(qaRoutes.quota.path),
  askableExpert: (id: number) => apiClient.get<AskableExpert>(withId(qaRoutes.askableExpert.path, id)),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.requestEnvelope<QuizImage>({
      method: 'POST',
      url: qaRoutes.uploadImage.path,
      data: form,
      silent: true,
    });
  },
  ask: (body: AskQuestionBody) => post<MyQuestion>(qaRoutes.ask.path, body),
  mine: (q: { page: number; per: number; state?: QaState }) =>
    apiClient.get<MyQuestionsPage>(qaRoutes.mine.path, q),
  thread: (id: number) => apiClient.get<MyThread>(withId(qaRoutes.myThread.path, id)),
  followUp: (id: number, content: string) => post<MyThread>(withId(qaRoutes.followUp.path, id), { content }),
  close: (id: number) => post<MyThread>(withId(qaRoutes.close.path, id)),
  rate: (id: number, rating: number) => post<MyThread>(withId(qaRoutes.rate.path, id), { rating }),

  expertMe: () => apiClient.get<ExpertMe>(qaRoutes.expertMe.path),
  expertQueue: (q: ExpertQueueQuery) => apiClient.get<QueuePage>(qaRoutes.expertQueue.path, q),
  expertQuestion: (id: number) => apiClient.get<ExpertQuestion>(withId(qaRoutes.expertQuestion.path, id)),
  claim: (id: number) => post<{ claim_expires_at: string }>(withId(qaRoutes.claim.path, id)),
  release: (id: number) => post<null>(withId(qaRoutes.release.path, id)),
  answer: (id: number, body: AnswerBody) => post<ExpertQuestion>(withId(qaRoutes.answer.path, id), body),
  answerFollowUp: (id: number, content: string) =>
    post<ExpertQuestion>(withId(qaRoutes.answerFollowUp.path, id), { content }),

  adminQueue: (q: AdminQueueParams) => apiClient.get<QueuePage>(qaRoutes.adminQueue.path, q),
  adminQuestion: (id: number) => apiClient.get<ExpertQuestion>(withId(qaRoutes.adminQuestion.path, id)),
  assign: (id: number, expertId: number) =>
    post<unknown>(withId(qaRoutes.assign.path, id), { expert_id: expertId }),
  hide: (id: number, hidden: boolean) => post<null>(withId(qaRoutes.hide.path, id), { hidden }),
  experts: () => apiClient.get<AdminExpert[]>(qaRoutes.adminExperts.path),
  linkExpert: (id: number, body: LinkExpertBody): Promise<Envelope<AdminExpert>> =>
    apiClient.requestEnvelope<AdminExpert>({
      method: 'PUT',
      url: withId(qaRoutes.linkExpert.path, id),
      data: body,
      silent: true,
    }),
  stats: () => apiClient.get<QaStats>(qaRoutes.stats.path),
  calendar: (year: number) => apiClient.get<CalendarYear>(qaRoutes.calendar.path, { year }),
  saveHoliday: (body: HolidayBody) => post<CalendarYear>(qaRoutes.saveHoliday.path, body),
  deleteHoliday: (date: string) =>
    apiClient.requestEnvelope<CalendarYear>({
      method: 'DELETE',
      url: withId(qaRoutes.deleteHoliday.path, date),
      silent: true,
    }),

  myConsultations: (q: ConsultationsQuery) =>
    apiClient.get<ConsultationsPage>(qaRoutes.myConsultations.path, q),
  requestConsultation: (body: ConsultationBody) =>
    post<Consultation>(qaRoutes.requestConsultation.path, body),
  cancelMyConsultation: (id: number) =>
    post<Consultation>(withId(qaRoutes.cancelMyConsultation.path, id), {}),
  expertConsultations: (q: ConsultationsQuery) =>
    apiClient.get<ConsultationsPage>(qaRoutes.expertConsultations.path, q),
  adminConsultations: (q: ConsultationsQuery) =>
    apiClient.get<ConsultationsPage>(qaRoutes.adminConsultations.path, q),
  scheduleConsultation: (id: number, body: ScheduleConsultationBody) =>
    post<Consultation>(withId(qaRoutes.scheduleConsultation.path, id), body),
  finishConsultation: (id: number) => post<Consultation>(withId(qaRoutes.finishConsultation.path, id)),
  cancelConsultation: (id: number, reason: string) =>
    post<Consultation>(withId(qaRoutes.cancelConsultation.path, id), { reason }),
};

export { qaKeys } from './qa-keys';
