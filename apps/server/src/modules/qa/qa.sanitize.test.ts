import { describe, expect, it } from 'vitest';
import { sanitizeAnswer, textOf } from './qa.sanitize';

describe('answer sanitising', () => {
  it('removes scripts, event handlers, styles and javascript: links, keeps the allowed markup', () => {
    const out = sanitizeAnswer(
      '<p onclick="steal()">依据<strong>公告</strong></p><script>alert(1)</script>' +
        '<a href="javascript:alert(1)">坏链接</a><a href="https://www.chinatax.gov.cn/">税务总局</a>' +
        '<img src=x onerror="alert(1)"><ul><li style="color:red">一</li></ul>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|style=|<img/i);
    expect(out).toContain('<p>依据<strong>公告</strong></p>');
    expect(out).toContain(
      '<a href="https://www.chinatax.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">税务总局</a>',
    );
    expect(out).toContain('<ul><li>一</li></ul>');
    expect(out).toContain('坏链接');
  });

  it('measures the visible text without markup', () => {
    expect(textOf('<p>  <b>你好</b>&nbsp;世界 </p>')).toBe('你好 世界');
  });
});
