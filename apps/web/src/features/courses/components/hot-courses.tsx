import { Link } from 'react-router';
import { HOT_COURSES_PER_PAGE } from '@app/contracts/common/constants';
import { useHotCourses } from '../api/use-courses';
import { CourseGrid } from './course-grid';

/** Home: the four hottest courses (SPEC §7/§9). antd-free. */
export function HotCourses() {
  const hot = useHotCourses(HOT_COURSES_PER_PAGE);
  return (
    <section className="hot-courses" aria-labelledby="hot-courses-title">
      <header className="hot-courses__head">
        <h2 id="hot-courses-title">热门课程</h2>
        <Link to="/train" className="hot-courses__more">
          更多课程 ›
        </Link>
      </header>
      {hot.isPending && (
        <ul className="course-grid" aria-hidden="true">
          {Array.from({ length: HOT_COURSES_PER_PAGE }, (_, i) => (
            <li key={i} className="hot-courses__placeholder" />
          ))}
        </ul>
      )}
      {hot.isError && <p className="hot-courses__empty">热门课程暂时无法加载</p>}
      {hot.data && hot.data.list.length === 0 && <p className="hot-courses__empty">暂无课程</p>}
      {hot.data && hot.data.list.length > 0 && <CourseGrid courses={hot.data.list} label="热门课程" />}
    </section>
  );
}
