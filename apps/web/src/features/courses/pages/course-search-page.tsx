import { Link, useNavigate, useSearchParams } from 'react-router';
import { COURSE_KEYWORD_MAX, courseListMaxOffsetPage } from '@app/contracts';
import { useCourseList, useCourseTags, useHotCourses } from '../api/use-courses';
import { CourseGrid, CourseGridSkeleton } from '../components/course-grid';
import { CoursePager } from '../components/course-pager';
import { HighlightText } from '../components/highlight-text';
import { searchPath, tagPath } from '../lib/course-paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { SearchBox } from '@/shared/ui/search-box';
import './course-search-page.css';

const SEARCH_PER_PAGE = 12;
const SUGGESTED_TAGS = 10;

function Suggestions() {
  const tags = useCourseTags();
  const hot = useHotCourses(4);
  const popular = (tags.data ?? [])
    .flatMap((t) => t.children)
    .sort((a, b) => b.course_count - a.course_count)
    .slice(0, SUGGESTED_TAGS);
  return (
    <div className="course-search__suggest">
      {popular.length > 0 && (
        <section aria-labelledby="search-suggest-tags">
          <h2 id="search-suggest-tags">热门分类</h2>
          <ul className="course-search__tags">
            {popular.map((t) => (
              <li key={t.id}>
                <Link to={tagPath(t.id)}>{t.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {hot.data && hot.data.list.length > 0 && (
        <section aria-labelledby="search-suggest-hot">
          <h2 id="search-suggest-hot">热门课程</h2>
          <CourseGrid courses={hot.data.list} label="热门课程" />
        </section>
      )}
    </div>
  );
}

/** /courseSearch?courseName=: results with the term highlighted; suggestions when nothing matches. */
export default function CourseSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const term = (params.get('courseName') ?? '').trim().slice(0, COURSE_KEYWORD_MAX);
  const cursor = params.get('cursor') || undefined;
  // Without a cursor, a page number past the numbered pages (an old link) opens the last numbered page.
  const page = Math.min(Math.max(1, Number(params.get('page')) || 1), cursor ? Infinity : courseListMaxOffsetPage(SEARCH_PER_PAGE));
  const results = useCourseList({ keyword: term, newhot: 'hotest', page, per: SEARCH_PER_PAGE, cursor }, term.length > 0);

  function goPage(p: number, nextCursor?: string) {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete('page');
    else next.set('page', String(p));
    if (nextCursor) next.set('cursor', nextCursor);
    else next.delete('cursor');
    setParams(next);
    window.scrollTo({ top: 0 });
  }

  let body;
  if (!term) body = <Suggestions />;
  else if (results.isPending) body = <CourseGridSkeleton count={SEARCH_PER_PAGE / 3} />;
  else if (results.isError) body = <EmptyState description="搜索失败，请稍后重试" />;
  else if (results.data.list.length === 0)
    body = (
      <>
        <EmptyState className="course-search__empty" description={`没有找到与“${term}”相关的课程，换个关键词试试，或看看下面的推荐`} />
        <Suggestions />
      </>
    );
  else
    body = (
      <>
        <p className="course-search__summary">
          找到 <strong>{results.data.total}</strong> 门与“<mark>{term}</mark>”相关的课程
        </p>
        <CourseGrid
          courses={results.data.list}
          label="搜索结果"
          renderTitle={(c) => <HighlightText text={c.title} query={term} />}
        />
        <CoursePager
          className="course-search__pagination"
          data={results.data}
          onPage={(p) => goPage(p)}
          onCursor={(c, p) => goPage(p, c)}
        />
      </>
    );

  return (
    <div className="page-container course-search">
      <div className="course-search__bar">
        <SearchBox
          key={term}
          size="large"
          defaultValue={term}
          onSearch={(v) => navigate(searchPath(v.trim()))}
        />
      </div>
      {body}
    </div>
  );
}
