import { describe, expect, it } from 'vitest';
import { careFontSize, careModeCss, careTextColor, isMutedGrey } from './care-mode-css';

describe('care-mode stylesheet rewrite', () => {
  it('makes pixel and rem font sizes follow the care scale with an 18 px floor', () => {
    expect(careFontSize('13px')).toBe('max(calc(13px * var(--care-font-scale, 1)), var(--care-font-min, 0px))');
    expect(careFontSize('clamp(13px, 0.938vw, 18px)')).toBe(
      'max(calc(clamp(13px, 0.938vw, 18px) * var(--care-font-scale, 1)), var(--care-font-min, 0px))',
    );
    expect(careFontSize('1.25rem')).toContain('calc(1.25rem * var(--care-font-scale, 1))');
  });

  it('gives relative sizes the floor only, and leaves keywords, zero and variables alone', () => {
    expect(careFontSize('0.85em')).toBe('max(0.85em, var(--care-font-min, 0px))');
    expect(careFontSize('90%')).toBe('max(90%, var(--care-font-min, 0px))');
    for (const v of ['inherit', 'larger', '0', '0px', 'var(--x)']) expect(careFontSize(v), v).toBeNull();
  });

  it('darkens mid-grey text only: not body text, not pale disabled greys, not colours, not white on dark', () => {
    for (const grey of ['#8c8c8c', '#999', '#6b7280', '#5b6472', '#9ca3af', 'rgba(0, 0, 0, 0.45)', 'rgb(0 0 0 / 55%)']) {
      expect(isMutedGrey(grey), grey).toBe(true);
    }
    for (const other of ['#1f2937', '#000', '#bfbfbf', '#d9d9d9', '#fff', 'rgba(255, 255, 255, 0.72)', '#1f5fbf', '#d4380d', 'currentColor', 'inherit']) {
      expect(isMutedGrey(other), other).toBe(false);
    }
    expect(careTextColor('#8c8c8c')).toBe('var(--care-muted-text, #8c8c8c)');
  });

  it('rewrites font-size and color declarations of the site but not of packages', () => {
    const plugin = careModeCss();
    const own = { prop: 'font-size', value: '12px', source: { input: { file: '/repo/apps/web/src/x.css' } } };
    const pkg = { prop: 'color', value: '#8c8c8c', source: { input: { file: '/repo/node_modules/pkg/a.css' } } };
    const border = { prop: 'border-color', value: '#8c8c8c' };
    plugin.Declaration(own);
    plugin.Declaration(pkg);
    plugin.Declaration(border);
    expect(own.value).toContain('var(--care-font-min, 0px)');
    expect(pkg.value).toBe('#8c8c8c');
    expect(border.value).toBe('#8c8c8c');
  });
});
