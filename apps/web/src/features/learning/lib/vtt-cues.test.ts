import { describe, expect, it } from 'vitest';
import { activeCueIndex, cueClock, parseVttCues } from './vtt-cues';

const VTT = `WEBVTT
Kind: captions

NOTE 讲师：王建华

1
00:00:01.000 --> 00:00:04.500 line:90%
<v 王建华>各位学员好，</v>
欢迎来到本讲。

00:05.000 --> 00:09.000
收入 &amp; 费用

00:01:10.000 --> 00:01:12.000
谢谢
`;

describe('parseVttCues', () => {
  it('reads every cue with its times and plain text, skipping the header and notes', () => {
    expect(parseVttCues(VTT)).toEqual([
      { start: 1, end: 4.5, text: '各位学员好， 欢迎来到本讲。' },
      { start: 5, end: 9, text: '收入 & 费用' },
      { start: 70, end: 72, text: '谢谢' },
    ]);
  });
});

describe('activeCueIndex', () => {
  const cues = parseVttCues(VTT);
  it('finds the cue playing at a time, and none between cues', () => {
    expect(activeCueIndex(cues, 0.5)).toBe(-1);
    expect(activeCueIndex(cues, 1)).toBe(0);
    expect(activeCueIndex(cues, 4.6)).toBe(-1);
    expect(activeCueIndex(cues, 8.99)).toBe(1);
    expect(activeCueIndex(cues, 71)).toBe(2);
  });
});

it('prints a cue start as m:ss', () => {
  expect(cueClock(5.4)).toBe('0:05');
  expect(cueClock(70)).toBe('1:10');
  expect(cueClock(3725)).toBe('1:02:05');
});
