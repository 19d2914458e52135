import { Button, Pagination } from 'antd';
import { courseListMaxOffsetPage, type CoursePoolPage } from '@app/contracts';
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
    return (
      <Pagination
        className={className}
        current={data.page}
        pageSize={data.per}
        total={data.total}
        showSizeChanger={false}
        onChange={(p) => onPage(p)}
      />
    );
  }
  const deep = data.page > maxPage;
  const next = data.next_cursor;
  const prev = data.prev_cursor;
  return (
    <nav className={`course-pager ${className ?? ''}`} aria-label="课程翻页">
      {deep ? (
        <>
          <Button onClick={() => onPage(1)}>回到第 1 页</Button>
          <Button disabled={!prev} onClick={() => prev && onCursor(prev, data.page - 1)}>
            上一页
          </Button>
          <span className="course-pager__where" aria-current="page">
            第 {data.page} 页 / 共 {pages} 页
          </span>
        </>
      ) : (
        <Pagination
          current={data.page}
          pageSize={data.per}
          total={maxPage * data.per}
          showSizeChanger={false}
          onChange={(p) => onPage(p)}
        />
      )}
      {(deep || data.page === maxPage) && (
        <Button type="primary" ghost disabled={!next} onClick={() => next && onCursor(next, data.page + 1)}>
          下一页
        </Button>
      )}
      {!deep && <span className="course-pager__hint">共 {pages} 页，第 {maxPage} 页之后请点“下一页”逐页浏览</span>}
    </nav>
  );
}
