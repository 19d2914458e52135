import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerQuestionBody, CreateNoteBody, LessonDetail, MyCoursesQuery, Note, NotesPage, NotesQuery, RankPeriod, UpdateNoteBody } from '@app/contracts';
import { learningApi, learningKeys } from './learning-api';

export function useRank(period: RankPeriod, loggedIn: boolean) {
  return useQuery({
    // The "my rank" part depends on who asks.
    queryKey: [...learningKeys.rank(period), loggedIn],
    queryFn: () => learningApi.rank(period),
    staleTime: 60_000,
  });
}

export function useCourseOutline(id: number) {
  return useQuery({ queryKey: learningKeys.course(id), queryFn: () => learningApi.course(id), enabled: id > 0 });
}

export function useLesson(id: number) {
  return useQuery({
    queryKey: learningKeys.lesson(id),
    queryFn: () => learningApi.lesson(id),
    enabled: id > 0,
    // The signed video URL and the resume position are read once per visit (the player forgets them when it
    // closes): no refetch under the player, nor when it mounts on the read its route started.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

export function useAnswerQuestion(lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerQuestionBody) => learningApi.answer(body),
    onSuccess: (r, body) =>
      queryClient.setQueryData<LessonDetail>(learningKeys.lesson(lessonId), (d) =>
        d
          ? {
              ...d,
              questions: d.questions.map((q) =>
                q.id === body.question_id ? { ...q, my_answer: { chosen: [...body.answer], correct: r.correct } } : q,
              ),
            }
          : d,
      ),
  });
}

export function useMyCourses(query: MyCoursesQuery) {
  return useQuery({ queryKey: learningKeys.myCourses(query), queryFn: () => learningApi.myCourses(query), placeholderData: keepPreviousData });
}

export function useNotes(query: NotesQuery, enabled = true) {
  return useQuery({ queryKey: learningKeys.notes(query), queryFn: () => learningApi.notes(query), placeholderData: keepPreviousData, enabled });
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteBody) => learningApi.createNote(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.allNotes }),
  });
}

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateNoteBody }) => learningApi.updateNote(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.allNotes }),
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => learningApi.removeNote(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.allNotes }),
  });
}

/** Like toggle: the answer is written into every cached notes page that holds the note. */
export function useLikeNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Pick<Note, 'id'>) => learningApi.likeNote(note.id),
    onSuccess: (r, note) =>
      queryClient.setQueriesData<NotesPage>({ queryKey: learningKeys.allNotes }, (page) =>
        page ? { ...page, list: page.list.map((n) => (n.id === note.id ? { ...n, liked: r.liked, like_count: r.like_count } : n)) } : page,
      ),
  });
}
