import type { ReactNode } from 'react';
import type { CourseCard as CourseCardData } from '@app/contracts';
import { CourseCard } from './course-card';
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
