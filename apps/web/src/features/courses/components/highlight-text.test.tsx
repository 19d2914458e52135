import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { splitHighlight } from '../lib/highlight';
import { HighlightText } from './highlight-text';

describe('search highlight', () => {
  it('wraps every occurrence of the term in <mark>', () => {
    const { container } = render(<HighlightText text="全面预算管理与预算编制" query="预算" />);
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['预算', '预算']);
    expect(container.textContent).toBe('全面预算管理与预算编制');
  });

  it('matches case-insensitively and several whitespace-separated terms', () => {
    expect(splitHighlight('Excel 财务建模', 'excel 建模')).toEqual([
      { text: 'Excel', match: true },
      { text: ' 财务', match: false },
      { text: '建模', match: true },
    ]);
  });

  it('renders markup in the term or the title as text, never as HTML', () => {
    const { container } = render(<HighlightText text="<img src=x onerror=alert(1)>税务" query="<img" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<img');
  });

  it('treats regular-expression characters in the term literally', () => {
    expect(splitHighlight('成本(C++)核算', '(C++)')).toEqual([
      { text: '成本', match: false },
      { text: '(C++)', match: true },
      { text: '核算', match: false },
    ]);
  });

  it('leaves the text unmarked for an empty term', () => {
    const { container } = render(<HighlightText text="税务筹划" query="  " />);
    expect(container.querySelector('mark')).toBeNull();
    expect(container.textContent).toBe('税务筹划');
  });
});
