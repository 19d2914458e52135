import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hiddenEdges, ScrollCue } from './scroll-cue';

function sized(el: HTMLElement, { clientWidth, scrollWidth }: { clientWidth: number; scrollWidth: number }) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
}

describe('ScrollCue', () => {
  it('reads which sides of a sideways-scrolling box still hide content', () => {
    expect(hiddenEdges({ scrollLeft: 0, clientWidth: 390, scrollWidth: 390 })).toEqual({ left: false, right: false });
    expect(hiddenEdges({ scrollLeft: 0, clientWidth: 390, scrollWidth: 900 })).toEqual({ left: false, right: true });
    expect(hiddenEdges({ scrollLeft: 200, clientWidth: 390, scrollWidth: 900 })).toEqual({ left: true, right: true });
    expect(hiddenEdges({ scrollLeft: 510, clientWidth: 390, scrollWidth: 900 })).toEqual({ left: true, right: false });
  });

  it('brings an item reached by Tab wholly into view', () => {
    render(
      <ScrollCue label="主导航">
        <a href="/a">首页</a>
      </ScrollCue>,
    );
    const link = screen.getByRole('link', { name: '首页' });
    const scrolled = vi.fn();
    link.scrollIntoView = scrolled;
    act(() => link.focus());
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
  });

  it('shows a named arrow on the hidden side that scrolls the box, and none when the content fits', () => {
    const { container } = render(
      <ScrollCue label="订单列表">
        <table />
      </ScrollCue>,
    );
    expect(screen.queryByRole('button')).toBeNull();

    const viewport = container.querySelector<HTMLDivElement>('.scroll-cue__viewport')!;
    sized(viewport, { clientWidth: 390, scrollWidth: 900 });
    act(() => void window.dispatchEvent(new Event('resize')));
    const right = screen.getByRole('button', { name: '向右滚动订单列表' });
    expect(container.firstElementChild).toHaveClass('scroll-cue--more-right');
    expect(screen.queryByRole('button', { name: '向左滚动订单列表' })).toBeNull();

    const scrollBy = vi.fn((opts: ScrollToOptions) => {
      viewport.scrollLeft += opts.left ?? 0;
      fireEvent.scroll(viewport);
    });
    viewport.scrollBy = scrollBy as unknown as typeof viewport.scrollBy;
    fireEvent.click(right);
    expect(scrollBy).toHaveBeenCalledWith({ left: 273, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: '向左滚动订单列表' })).toBeInTheDocument();
  });
});
