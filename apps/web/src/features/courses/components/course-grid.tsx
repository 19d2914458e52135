import type { ReactNode } from 'react';
import type { CourseCard as CourseCardData } from '@app/contracts';
import { CourseCard } from './course-card';
import '@/shared/ui/plain-skeleton.css';
import './course-card.css';

/** Cards of the first row are in the first screen: their covers load at once. */
const FIRST_ROW = 4;

/** Four-column grid of course cards. */
export function CourseGrid({
  courses,
  renderTitle,
  renderFooter,
  label,
}: {
  courses: CourseCardData[];
  renderTitle?: (c: CourseCardData) => ReactNode;
  renderFooter?: (c: CourseCardData) => ReactNode;
  label?: string;
}) {
  return (
    <ul className="course-grid" aria-label={label}>
      {courses.map((c, i) => (
        <li key={c.id}>
          <CourseCard course={c} title={renderTitle?.(c)} footer={renderFooter?.(c)} priority={i < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}

/** The grid while its courses load: cards of the final size, so nothing moves when the courses arrive. */
export function CourseGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="course-grid" aria-busy="true" aria-label="课程加载中">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="course-card course-card--skeleton" aria-hidden="true">
            <div className="course-card__cover">
              <span className="course-card__cover-fill plain-skeleton__shimmer" />
            </div>
            <div className="course-card__body">
              <span className="course-card__bar plain-skeleton__shimmer" />
              <span className="course-card__bar course-card__bar--short plain-skeleton__shimmer" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
