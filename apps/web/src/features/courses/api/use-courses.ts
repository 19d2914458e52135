import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, CoursePoolQuery, PageQuery } from '@app/contracts';
import { courseKeys, coursesApi } from './courses-api';

/** The tag tree changes rarely. */
const TAGS_STALE_MS = 10 * 60_000;

export function useCourseTags() {
  return useQuery({ queryKey: courseKeys.tags(), queryFn: coursesApi.tags, staleTime: TAGS_STALE_MS });
}

export function useCourseList(query: CoursePoolQuery, enabled = true) {
  return useQuery({
    queryKey: courseKeys.list(query),
    queryFn: () => coursesApi.list(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Home: the four hottest courses (SPEC §7 newhot=hotest&page=1&per=4). */
export function useHotCourses(per: number) {
  return useCourseList({ newhot: 'hotest', page: 1, per });
}

export function useCourseDetail(id: number) {
  return useQuery({ queryKey: courseKeys.detail(id), queryFn: () => coursesApi.detail(id), enabled: id > 0 });
}

export function useFavorites(query: Partial<PageQuery>) {
  return useQuery({ queryKey: courseKeys.favorites(query), queryFn: () => coursesApi.favorites(query), placeholderData: keepPreviousData });
}

/** Writes the like/favourite answer into the cached course page instead of refetching the whole course. */
function usePatchDetail(id: number) {
  const queryClient = useQueryClient();
  return (patch: (d: CourseDetail) => CourseDetail) =>
    queryClient.setQueryData<CourseDetail>(courseKeys.detail(id), (d) => (d ? patch(d) : d));
}

export function useLikeCourse(id: number) {
  const patch = usePatchDetail(id);
  return useMutation({
    mutationFn: () => coursesApi.support({ course_id: id }),
    onSuccess: (r) =>
      patch((d) => ({ ...d, like_count: r.like_count, mine: d.mine ? { ...d.mine, liked: r.liked } : d.mine })),
  });
}

export function useFavoriteCourse(id: number) {
  const patch = usePatchDetail(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => coursesApi.favorite({ course_id: id }),
    onSuccess: async (r) => {
      patch((d) => ({ ...d, favorite_count: r.favorite_count, mine: d.mine ? { ...d.mine, favorited: r.favorited } : d.mine }));
      await queryClient.invalidateQueries({ queryKey: ['courses', 'favorites'] });
    },
  });
}

/** Removes a course from my favourites (centre list). */
export function useUnfavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => coursesApi.favorite({ course_id: courseId, value: false }),
    onSuccess: (_r, courseId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['courses', 'favorites'] }),
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
      ]),
  });
}

/** Records a visit of an outer-link course; answers the URL to open (and keeps the shown learner count fresh). */
export function useOuterVisit(id: number) {
  const patch = usePatchDetail(id);
  return useMutation({
    mutationFn: () => coursesApi.outerVisit({ course_id: id }),
    onSuccess: (r) => patch((d) => ({ ...d, learner_count: r.learner_count })),
  });
}
