import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightWords } from './highlight';

describe('highlightWords', () => {
  it('marks every occurrence of the flagged words, ignoring case, and keeps the rest as text', () => {
    const { container } = render(<p>{highlightWords('加微信代开发票，再说一遍：代开发票 PUA', ['代开发票', 'pua'])}</p>);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['代开发票', '代开发票', 'PUA']);
    expect(container.textContent).toBe('加微信代开发票，再说一遍：代开发票 PUA');
  });

  it('treats regular-expression characters in a word as plain text', () => {
    const { container } = render(<p>{highlightWords('价格(优惠)多多', ['(优惠)'])}</p>);
    expect(container.querySelector('mark')?.textContent).toBe('(优惠)');
  });
});
