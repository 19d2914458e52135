import { expect, it } from 'vitest';
import { readSubtitleFile } from '../subtitles';
import { COURSES } from './catalogue';
import { seedLessons } from './courses.seed';
import { captionChunks, cuesToVtt, demoCaptionCues } from './demo-captions';

it('gives every demo lesson Chinese captions that pass the upload check and fit the lesson', () => {
  COURSES.forEach((c, ci) => {
    seedLessons(c, ci).forEach((l, i) => {
      const cues = demoCaptionCues(c, i, l.duration);
      const read = readSubtitleFile(Buffer.from(cuesToVtt(cues)), 'demo.vtt', l.duration);
      expect(read.cues.length).toBeGreaterThanOrEqual(3);
      expect(read.cues.at(-1)!.end).toBeLessThanOrEqual(l.duration);
      expect(read.cues[2]!.text).toContain(l.title);
      for (const cue of read.cues) expect(cue.end - cue.start).toBeGreaterThanOrEqual(2);
    });
  });
});

it('cuts Chinese text at its punctuation into caption-sized lines', () => {
  expect(captionChunks('五步法依次为：识别合同、识别单项履约义务、确定交易价格、分摊交易价格、履约时确认收入。')).toEqual([
    '五步法依次为：识别合同、识别单项履约义务',
    '确定交易价格、分摊交易价格、履约时确认收入。',
  ]);
});
