import { describe, expect, it } from 'vitest';
import SensitiveWordTool from 'sensitive-word-tool';
import { FILTER_LIBRARY, matchSensitiveWords, wordCount } from './moderation.filter';

describe('sensitive-word filter', () => {
  it("finds words of the library's own Chinese list and ignores clean text", () => {
    expect(matchSensitiveWords('加微信，代开发票，价格优惠', [], [])).toEqual(['代开发票']);
    expect(matchSensitiveWords('本课程讲解企业所得税汇算清缴的要点', [], [])).toEqual([]);
  });

  it('tells staff how many words the built-in list holds, a word listed twice or in two cases once', () => {
    expect(wordCount(new SensitiveWordTool({ wordList: ['代开发票', '代开', '代 开', 'PUA', 'pua'] }))).toBe(3);
    expect(FILTER_LIBRARY).toEqual({ word_count: wordCount(new SensitiveWordTool({ useDefaultWords: true })) });
    expect(FILTER_LIBRARY.word_count).toBeGreaterThan(1000);
  });

  it('matches across noise characters and letter case', () => {
    expect(matchSensitiveWords('需要的私聊：代 开-发 票', [], [])).toEqual(['代开发票']);
    expect(matchSensitiveWords('别信他的PUA话术', ['pua'], [])).toEqual(['PUA']);
  });

  it('adds extra words and drops allowed words', () => {
    expect(matchSensitiveWords('这个老师是骗子', ['骗子'], [])).toEqual(['骗子']);
    expect(matchSensitiveWords('公司招聘会计', [], [])).toEqual(['招聘']);
    expect(matchSensitiveWords('公司招聘会计', [], ['招聘'])).toEqual([]);
  });

  it('finds a word that starts inside an unfinished longer word at the end of the text', () => {
    // Without the end marker the library's scan stays inside "abc" and misses "b".
    expect(matchSensitiveWords('ab', ['abc', 'b'], [])).toEqual(['b']);
  });
});
