import { describe, expect, it } from 'vitest';
import { stripWordHtml } from '../components/rich-editor';
import { dateOf, regionCodeOf } from './format';

describe('regionCodeOf', () => {
  it('reads the learning-base code of a regional sub-domain and nothing on the main site', () => {
    expect(regionCodeOf('henan.localhost')).toBe('henan');
    expect(regionCodeOf('ningbo.example.org')).toBe('ningbo');
    expect(regionCodeOf('localhost')).toBeUndefined();
    expect(regionCodeOf('www.example.org')).toBeUndefined();
  });
});

describe('dateOf', () => {
  it('gives the China-time calendar day', () => {
    expect(dateOf('2025-03-07T17:30:00Z')).toBe('2025-03-08');
    expect(dateOf('2025-03-07T15:59:59Z')).toBe('2025-03-07');
    expect(dateOf(null)).toBe('');
  });
});

describe('stripWordHtml', () => {
  it('drops the styles, classes, conditional comments and o:p tags a paste from Word brings', () => {
    const word =
      '<style>p.MsoNormal{margin:0}</style><!--[if gte mso 9]><xml><o:OfficeDocumentSettings/></xml><![endif]-->' +
      '<p class="MsoNormal" style="mso-line-height-alt:12pt" lang="ZH-CN"><span style="font-family:宋体">第一条</span><o:p></o:p></p>';
    expect(stripWordHtml(word)).toBe('<p><span>第一条</span></p>');
  });
});
