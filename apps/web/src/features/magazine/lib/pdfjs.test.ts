import { describe, expect, it } from 'vitest';
import { findInPages, pageForKey, swipeTurn } from './pdfjs';

describe('findInPages', () => {
  it('lists the pages containing the text with an excerpt and the number of hits', () => {
    const pages = ['目录 收入确认', '新收入准则以控制权转移替代风险报酬转移作为收入确认的判断基础，收入确认五步法', '留抵退税'];
    const found = findInPages(pages, '收入确认');
    expect(found.map((f) => f.page)).toEqual([1, 2]);
    expect(found[1]!.hits).toBe(2);
    expect(found[1]!.excerpt).toContain('收入确认');
  });

  it('finds nothing for blank text', () => {
    expect(findInPages(['一页'], '  ')).toEqual([]);
  });
});

describe('pageForKey', () => {
  it('turns pages with arrows and page keys within the issue', () => {
    expect(pageForKey('ArrowRight', 1, 4)).toBe(2);
    expect(pageForKey('ArrowRight', 4, 4)).toBe(4);
    expect(pageForKey('PageUp', 3, 4)).toBe(2);
    expect(pageForKey('ArrowLeft', 1, 4)).toBe(1);
    expect(pageForKey('End', 1, 4)).toBe(4);
    expect(pageForKey('a', 1, 4)).toBeNull();
  });
});

describe('swipeTurn', () => {
  it('turns to the next page on a swipe to the left and back on a swipe to the right', () => {
    expect(swipeTurn(-120, 10)).toBe(1);
    expect(swipeTurn(90, -20)).toBe(-1);
  });

  it('ignores a short move, a mostly vertical scroll and any swipe while the page is zoomed in', () => {
    expect(swipeTurn(-30, 0)).toBeNull();
    expect(swipeTurn(-80, 120)).toBeNull();
    expect(swipeTurn(-150, 0, { zoomedIn: true })).toBeNull();
  });
});
