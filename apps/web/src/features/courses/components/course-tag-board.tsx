import { Link } from 'react-router';
import { useCourseTags } from '../api/use-courses';
import { tagPath } from '../lib/course-paths';
import './course-tag-board.css';

/** Home: the tag tree as a board (top-level tag, its second-level tags), each linking to /train?tag=. antd-free. */
export function CourseTagBoard() {
  const tags = useCourseTags();
  return (
    <section className="course-tag-board" aria-labelledby="course-tag-board-title">
      <header className="course-tag-board__head">
        <h2 id="course-tag-board-title">课程分类</h2>
        <Link to="/train" className="course-tag-board__more">
          全部课程 ›
        </Link>
      </header>
      {tags.isPending && <p className="course-tag-board__empty">加载中…</p>}
      {tags.isError && <p className="course-tag-board__empty">课程分类暂时无法加载</p>}
      {tags.data && (
        <ul className="course-tag-board__groups">
          {tags.data.map((t) => (
            <li key={t.id} className="course-tag-board__group">
              <Link to={tagPath(t.id)} className="course-tag-board__parent">
                {t.name}
                <span>{t.course_count}门</span>
              </Link>
              <div className="course-tag-board__children">
                {t.children.map((c) => (
                  <Link key={c.id} to={tagPath(c.id)}>
                    {c.name}
                  </Link>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
