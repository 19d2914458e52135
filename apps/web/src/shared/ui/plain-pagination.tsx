import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './plain-pagination.css';

/** Pages either side of the current one before the numbers give way to an ellipsis. */
const AROUND = 2;

/** The numbers a pager shows: the first, the last, the current one with AROUND either side, and gaps ('gap'). */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  const from = Math.max(2, current - AROUND);
  const to = Math.min(pages - 1, current + AROUND);
  const items: (number | 'gap')[] = [1];
  if (from > 2) items.push('gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push('gap');
  if (pages > 1) items.push(pages);
  return items;
}

export interface PlainPaginationProps {
  current: number;
  pages: number;
  onChange(page: number): void;
  className?: string;
  /** Takes the place of the next-page arrow (e.g. a list that goes on by cursor past the numbered pages). */
  next?: ReactNode;
}

/**
 * A numbered pager for screens drawn without antd, looking like antd's Pagination: arrows, the first and last page,
 * the pages around the current one. Each number's title is the number, as in antd.
 */
export function PlainPagination({ current, pages, onChange, className, next }: PlainPaginationProps) {
  return (
    <nav className={`plain-pagination ${className ?? ''}`} aria-label="分页">
      <ul>
        <li>
          <button
            type="button"
            className="plain-pagination__arrow"
            aria-label="上一页"
            title="上一页"
            disabled={current <= 1}
            onClick={() => onChange(current - 1)}
          >
            <LeftOutlined aria-hidden="true" />
          </button>
        </li>
        {pageItems(current, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="plain-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={item === current ? 'plain-pagination__page is-current' : 'plain-pagination__page'}
                title={String(item)}
                aria-label={`第 ${item} 页`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          {next ?? (
            <button
              type="button"
              className="plain-pagination__arrow"
              aria-label="下一页"
              title="下一页"
              disabled={current >= pages}
              onClick={() => onChange(current + 1)}
            >
              <RightOutlined aria-hidden="true" />
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
