import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { courseListMaxOffsetPage } from '@app/contracts';
import { CoursePager } from './course-pager';

const PER = 16;
const MAX = courseListMaxOffsetPage(PER);

function renderPager(page: number, total: number, cursors: { next?: string; prev?: string } = {}) {
  const onPage = vi.fn();
  const onCursor = vi.fn();
  render(
    <CoursePager
      data={{ page, per: PER, total, next_cursor: cursors.next ?? null, prev_cursor: cursors.prev ?? null }}
      onPage={onPage}
      onCursor={onCursor}
    />,
  );
  return { onPage, onCursor };
}

describe('course pager', () => {
  it('numbers every page of a list that fits in the numbered pages', () => {
    const { onPage } = renderPager(1, PER * 5);
    expect(screen.getByTitle('5')).toBeInTheDocument();
    // No cursor button: the pager's own arrow goes to the next page.
    expect(screen.queryByText('下一页')).toBeNull();
    fireEvent.click(screen.getByTitle('3'));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('numbers a long list up to the last numbered page, then goes on with the next cursor', () => {
    const total = PER * 500;
    const { onCursor } = renderPager(MAX, total, { next: 'n1', prev: 'p1' });
    expect(screen.getByTitle(String(MAX))).toBeInTheDocument();
    expect(screen.queryByTitle(String(MAX + 1))).toBeNull();
    expect(screen.getByText(`共 500 页，第 ${MAX} 页之后请点“下一页”逐页浏览`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onCursor).toHaveBeenCalledWith('n1', MAX + 1);
  });

  it('pages past the numbered pages with 上一页 / 下一页 and shows where the reader is', () => {
    const { onCursor, onPage } = renderPager(MAX + 3, PER * 500, { next: 'n2', prev: 'p2' });
    expect(screen.getByText(`第 ${MAX + 3} 页 / 共 500 页`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onCursor).toHaveBeenCalledWith('p2', MAX + 2);
    fireEvent.click(screen.getByRole('button', { name: '回到第 1 页' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('disables 下一页 on the last page', () => {
    renderPager(500, PER * 500, { prev: 'p3' });
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
  });
});
