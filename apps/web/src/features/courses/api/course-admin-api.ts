import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VIDEO_CHUNK_OFFSET_HEADER,
  VIDEO_CHUNK_SHA256_HEADER,
  courseAdminRoutes as r,
  type AdminCourse,
  type AdminCourseListQuery,
  type AdminCoursePage,
  type AdminLesson,
  type AdminLessonSubtitle,
  type AdminQuestion,
  type AdminTag,
  type AdminTeacher,
  type CourseBody,
  type LessonQuestionBody,
  type TagBody,
  type TeacherBody,
  type UploadState,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

export const courseAdminKeys = {
  all: ['course-admin'] as const,
  list: (q: AdminCourseListQuery) => ['course-admin', 'list', q] as const,
  course: (id: number) => ['course-admin', 'course', id] as const,
  tags: ['course-admin', 'tags'] as const,
  teachers: ['course-admin', 'teachers'] as const,
  questions: (lessonId: number) => ['course-admin', 'questions', lessonId] as const,
};

/** Staff calls of the course area; form calls are silent (the form shows the field errors itself). */
export const courseAdminApi = {
  list: (q: AdminCourseListQuery) => apiClient.get<AdminCoursePage>(r.courseList.path, q),
  course: (id: number) => apiClient.get<AdminCourse>(withId(r.courseShow.path, id)),
  create: (b: CourseBody) => apiClient.post<AdminCourse>(r.courseCreate.path, b, { silent: true }),
  update: (id: number, b: CourseBody) => apiClient.put<AdminCourse>(withId(r.courseUpdate.path, id), b, { silent: true }),
  remove: (id: number) => apiClient.delete<null>(withId(r.courseDelete.path, id)),
  publish: (id: number) => apiClient.post<AdminCourse>(withId(r.coursePublish.path, id)),
  unpublish: (id: number) => apiClient.post<AdminCourse>(withId(r.courseUnpublish.path, id)),
  reorder: (id: number, lessonIds: number[]) =>
    apiClient.put<AdminCourse>(withId(r.lessonReorder.path, id), { lesson_ids: lessonIds }),

  createLesson: (b: { course_id: number; title: string; is_trial: boolean }) =>
    apiClient.post<AdminLesson>(r.lessonCreate.path, b, { silent: true }),
  updateLesson: (id: number, b: { title: string; is_trial: boolean }) =>
    apiClient.put<AdminLesson>(withId(r.lessonUpdate.path, id), b, { silent: true }),
  deleteLesson: (id: number) => apiClient.delete<null>(withId(r.lessonDelete.path, id)),

  questions: (lessonId: number) => apiClient.get<AdminQuestion[]>(r.questionList.path, { lesson_id: lessonId }),
  createQuestion: (lessonId: number, b: LessonQuestionBody) =>
    apiClient.post<AdminQuestion>(r.questionCreate.path, { ...b, lesson_id: lessonId }, { silent: true }),
  updateQuestion: (id: number, b: LessonQuestionBody) =>
    apiClient.put<AdminQuestion>(withId(r.questionUpdate.path, id), b, { silent: true }),
  deleteQuestion: (id: number) => apiClient.delete<null>(withId(r.questionDelete.path, id)),

  tags: () => apiClient.get<AdminTag[]>(r.tagList.path),
  saveTag: (id: number | null, b: TagBody) =>
    id === null
      ? apiClient.post<AdminTag>(r.tagCreate.path, b, { silent: true })
      : apiClient.put<AdminTag>(withId(r.tagUpdate.path, id), b, { silent: true }),
  deleteTag: (id: number) => apiClient.delete<null>(withId(r.tagDelete.path, id)),

  teachers: () => apiClient.get<AdminTeacher[]>(r.teacherList.path),
  saveTeacher: (id: number | null, b: TeacherBody) =>
    id === null
      ? apiClient.post<AdminTeacher>(r.teacherCreate.path, b, { silent: true })
      : apiClient.put<AdminTeacher>(withId(r.teacherUpdate.path, id), b, { silent: true }),
  deleteTeacher: (id: number) => apiClient.delete<null>(withId(r.teacherDelete.path, id)),

  uploadImage: (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.request<{ url: string }>({ method: 'POST', url: r.imageUpload.path, data: form, silent: true });
  },

  /** Uploads or replaces a lesson's subtitles (WebVTT or SRT; the server converts SRT and names a bad line). */
  uploadSubtitle: (lessonId: number, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return apiClient.request<AdminLessonSubtitle>({ method: 'PUT', url: withId(r.subtitleUpload.path, lessonId), data: form, silent: true });
  },
  deleteSubtitle: (lessonId: number) => apiClient.delete<null>(withId(r.subtitleDelete.path, lessonId), { silent: true }),

  startUpload: (b: { lesson_id: number; file_name: string; size: number }) =>
    apiClient.post<UploadState>(r.uploadCreate.path, b, { silent: true }),
  uploadState: (id: number) => apiClient.get<UploadState>(withId(r.uploadShow.path, id), undefined, { silent: true }),
  /** One chunk at `offset`, with its SHA-256 (the server refuses a damaged chunk or a wrong offset). */
  putChunk: (id: number, offset: number, bytes: ArrayBuffer, sha256: string) =>
    apiClient.request<UploadState>({
      method: 'PUT',
      url: withId(r.uploadChunk.path, id),
      data: bytes,
      headers: {
        'content-type': 'application/octet-stream',
        [VIDEO_CHUNK_OFFSET_HEADER]: String(offset),
        [VIDEO_CHUNK_SHA256_HEADER]: sha256,
      },
      silent: true,
      timeout: 120_000,
      // A chunk is retried by the uploader from the offset the server reports, never blindly.
      'axios-retry': { retries: 0 },
    } as Parameters<typeof apiClient.request>[0]),
};

export function useAdminCourses(q: AdminCourseListQuery) {
  return useQuery({ queryKey: courseAdminKeys.list(q), queryFn: () => courseAdminApi.list(q), placeholderData: keepPreviousData });
}

/** Polls while a lesson's video is being transcoded, so staff see its progress and errors. */
export function useAdminCourse(id: number | null) {
  return useQuery({
    queryKey: courseAdminKeys.course(id ?? 0),
    queryFn: () => courseAdminApi.course(id!),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.lessons.some((l) => l.video_job && (l.video_job.status === 'queued' || l.video_job.status === 'running'))
        ? 3_000
        : false,
  });
}

export function useCourseTags() {
  return useQuery({ queryKey: courseAdminKeys.tags, queryFn: courseAdminApi.tags });
}

export function useCourseTeachers() {
  return useQuery({ queryKey: courseAdminKeys.teachers, queryFn: courseAdminApi.teachers });
}

export function useLessonQuestions(lessonId: number | null) {
  return useQuery({
    queryKey: courseAdminKeys.questions(lessonId ?? 0),
    queryFn: () => courseAdminApi.questions(lessonId!),
    enabled: lessonId !== null,
  });
}

/** Refreshes every staff course query after a write. */
export function useCourseAdminRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: courseAdminKeys.all });
}

export function useCourseAction<T>(fn: (arg: T) => Promise<unknown>) {
  const refresh = useCourseAdminRefresh();
  return useMutation({ mutationFn: fn, onSuccess: refresh });
}
