import type { CourseCard } from '@app/contracts';

/** Course page, or the outer-link page for a course hosted elsewhere. */
export function coursePath(course: Pick<CourseCard, 'id' | 'kind'>): string {
  return course.kind === 'outer_link' ? `/train/outerlink/${course.id}` : `/train/detail/${course.id}`;
}

export function playPath(courseId: number, lessonId: number, at?: number): string {
  return `/train/play/${courseId}/${lessonId}${at !== undefined ? `?t=${Math.floor(at)}` : ''}`;
}

export function searchPath(term: string): string {
  return `/courseSearch?courseName=${encodeURIComponent(term)}`;
}

export function tagPath(tagId: number): string {
  return `/train?tag=${tagId}`;
}
