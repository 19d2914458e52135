import { courseListMaxOffsetPage, type CoursePoolPage } from '@app/contracts';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainPagination } from '@/shared/ui/plain-pagination';
import './course-pager.css';

export interface CoursePagerProps {
  data: Pick<CoursePoolPage, 'page' | 'per' | 'total' | 'next_cursor' | 'prev_cursor'>;
  className?: string;
  /** Go to a page by its number (1 .. courseListMaxOffsetPage). */
  onPage: (page: number) => void;
  /** Go to the neighbouring page `page` by the cursor the list gave for it. */
  onCursor: (cursor: string, page: number) => void;
}

/**
 * The course list's pager. Page numbers reach the first courseListMaxOffsetPage(per) pages (COURSE_LIST_MAX_OFFSET
 * courses); a longer list goes on page by page from there with the list's cursors (上一页 / 下一页).
 */
export function CoursePager({ data, className, onPage, onCursor }: CoursePagerProps) {
  const pages = Math.ceil(data.total / data.per);
  if (pages <= 1) return null;
  const maxPage = courseListMaxOffsetPage(data.per);
  if (pages <= maxPage) {
    return <PlainPagination className={className} current={data.page} pages={pages} onChange={onPage} />;
  }
  const deep = data.page > maxPage;
  const next = data.next_cursor;
  const prev = data.prev_cursor;
  const nextButton = (
    <PlainButton variant="default" size="middle" disabled={!next} onClick={() => next && onCursor(next, data.page + 1)}>
      下一页
    </PlainButton>
  );
  return (
    <nav className={`course-pager ${className ?? ''}`} aria-label="课程翻页">
      {deep ? (
        <>
          <PlainButton variant="default" size="middle" onClick={() => onPage(1)}>
            回到第 1 页
          </PlainButton>
          <PlainButton variant="default" size="middle" disabled={!prev} onClick={() => prev && onCursor(prev, data.page - 1)}>
            上一页
          </PlainButton>
          <span className="course-pager__where" aria-current="page">
            第 {data.page} 页 / 共 {pages} 页
          </span>
          {nextButton}
        </>
      ) : (
        // On the last numbered page the list goes on by cursor: 下一页 takes the arrow's place.
        <PlainPagination
          current={data.page}
          pages={maxPage}
          onChange={onPage}
          next={data.page === maxPage ? nextButton : undefined}
        />
      )}
      {!deep && <span className="course-pager__hint">共 {pages} 页，第 {maxPage} 页之后请点“下一页”逐页浏览</span>}
    </nav>
  );
}
