import { useSearchParams } from 'react-router';
import { courseListMaxOffsetPage, type CourseSort, type TowerTagNode } from '@app/contracts';
import { useCourseList, useCourseTags } from '../api/use-courses';
import { CourseGrid, CourseGridSkeleton } from '../components/course-grid';
import { CoursePager } from '../components/course-pager';
import { EmptyState } from '@/shared/ui/empty-state';
import { PlainSegmented } from '@/shared/ui/plain-segmented';
import './train-page.css';

export const TRAIN_PER_PAGE = 16;

const SORTS: { value: CourseSort; label: string }[] = [
  { value: 'hotest', label: '最热' },
  { value: 'newest', label: '最新' },
];

function positiveInt(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The top-level tag of `tagId` (itself, or the parent of a second-level tag). */
function parentOf(tree: TowerTagNode[], tagId: number | undefined): TowerTagNode | undefined {
  if (tagId === undefined) return undefined;
  return tree.find((t) => t.id === tagId || t.children.some((c) => c.id === tagId));
}

/**
 * /train: two-level tag filter, 最热/最新, paged grid of course cards. State lives in the URL (?tag&sort&page, and
 * &cursor on pages reached page by page past the numbered ones).
 */
export default function TrainPage() {
  const [params, setParams] = useSearchParams();
  const tag = positiveInt(params.get('tag'));
  const sort: CourseSort = params.get('sort') === 'newest' ? 'newest' : 'hotest';
  const cursor = params.get('cursor') || undefined;
  // Without a cursor, a page number past the numbered pages (an old link) opens the last numbered page.
  const page = Math.min(positiveInt(params.get('page')) ?? 1, cursor ? Infinity : courseListMaxOffsetPage(TRAIN_PER_PAGE));
  const tags = useCourseTags();
  const list = useCourseList({ tag, newhot: sort, page, per: TRAIN_PER_PAGE, cursor });
  const tree = tags.data ?? [];
  const parent = parentOf(tree, tag);

  function update(next: { tag?: number | null; sort?: CourseSort; page?: number; cursor?: string }) {
    const p = new URLSearchParams(params);
    const nextTag = next.tag === undefined ? tag : next.tag;
    if (nextTag) p.set('tag', String(nextTag));
    else p.delete('tag');
    const nextSort = next.sort ?? sort;
    if (nextSort === 'hotest') p.delete('sort');
    else p.set('sort', nextSort);
    const nextPage = next.page ?? 1;
    if (nextPage === 1) p.delete('page');
    else p.set('page', String(nextPage));
    if (next.cursor) p.set('cursor', next.cursor);
    else p.delete('cursor');
    setParams(p);
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="page-container train-page">
      <nav className="train-filter" aria-label="课程分类">
        <div className="train-filter__row">
          <span className="train-filter__label">分类</span>
          <div className="train-filter__tags">
            <button type="button" className={`train-tag${!tag ? ' is-active' : ''}`} aria-pressed={!tag} onClick={() => update({ tag: null })}>
              全部
            </button>
            {tags.isPending && <span className="train-filter__loading" aria-hidden="true" />}
            {tree.map((t) => (
              <button
                key={t.id}
                type="button"
                className={`train-tag${parent?.id === t.id ? ' is-active' : ''}`}
                aria-pressed={parent?.id === t.id}
                onClick={() => update({ tag: t.id })}
              >
                {t.name}
                <span className="train-tag__count">{t.course_count}</span>
              </button>
            ))}
          </div>
        </div>
        {parent && parent.children.length > 0 && (
          <div className="train-filter__row train-filter__row--sub">
            <span className="train-filter__label">细分</span>
            <div className="train-filter__tags">
              <button type="button" className={`train-tag train-tag--sub${tag === parent.id ? ' is-active' : ''}`} aria-pressed={tag === parent.id} onClick={() => update({ tag: parent.id })}>
                全部
                <span className="train-tag__count">{parent.course_count}</span>
              </button>
              {parent.children.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  className={`train-tag train-tag--sub${tag === c.id ? ' is-active' : ''}`}
                  aria-pressed={tag === c.id}
                  onClick={() => update({ tag: c.id })}
                >
                  {c.name}
                  <span className="train-tag__count">{c.course_count}</span>
                </button>
              ))}
            </div>
          </div>
        )}
      </nav>

      <div className="train-toolbar">
        <PlainSegmented value={sort} options={SORTS} onChange={(v) => update({ sort: v })} label="排序" />
        {list.data && <span className="train-toolbar__total">共 {list.data.total} 门课程</span>}
      </div>

      {list.isPending && <CourseGridSkeleton count={8} />}
      {list.isError && <EmptyState description="课程加载失败，请稍后重试" />}
      {list.data && list.data.list.length === 0 && <EmptyState description="该分类下暂无课程" />}
      {list.data && list.data.list.length > 0 && (
        <>
          <CourseGrid courses={list.data.list} label="课程列表" />
          <CoursePager
            className="train-pagination"
            data={list.data}
            onPage={(p) => update({ page: p })}
            onCursor={(c, p) => update({ page: p, cursor: c })}
          />
        </>
      )}
    </div>
  );
}
