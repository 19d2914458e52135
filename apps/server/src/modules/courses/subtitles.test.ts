import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeSubtitleBytes, parseVtt, readSubtitleFile, srtToVtt, SubtitleError, vttTime } from './subtitles';

const SRT = `1
00:00:01,000 --> 00:00:04,500
各位学员好，欢迎来到本讲。

2
00:00:05,000 --> 00:00:09,250
今天我们学习<font color="#ffff00">收入确认</font>的五步法。
第二行字幕

3
0:00:10.5 --> 00:00:12,000
谢谢大家
`;

function refusal(fn: () => unknown): SubtitleError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SubtitleError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('decodeSubtitleBytes', () => {
  it('reads UTF-8 with and without a byte order mark', () => {
    expect(decodeSubtitleBytes(Buffer.from('WEBVTT\n\n字幕', 'utf8'))).toBe('WEBVTT\n\n字幕');
    expect(decodeSubtitleBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('中文', 'utf8')]))).toBe('中文');
  });

  it('reads GBK bytes, which are not valid UTF-8, as Chinese text', () => {
    const gbk = iconv.encode('各位学员好，欢迎来到本讲。', 'gbk');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk)).toThrow();
    expect(decodeSubtitleBytes(gbk)).toBe('各位学员好，欢迎来到本讲。');
  });

  it('reads UTF-16 with its byte order mark', () => {
    expect(decodeSubtitleBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('中文字幕', 'utf16le')]))).toBe('中文字幕');
  });

  it('gives up on bytes that are neither UTF-8 nor GB18030', () => {
    expect(decodeSubtitleBytes(Buffer.from([0x81, 0x20, 0xff, 0xff, 0x80]))).toBeNull();
  });
});

describe('srtToVtt', () => {
  it('keeps every cue text and writes times as HH:MM:SS.mmm', () => {
    const { vtt, cues } = srtToVtt(SRT);
    expect(cues).toEqual([
      { start: 1, end: 4.5, text: '各位学员好，欢迎来到本讲。' },
      { start: 5, end: 9.25, text: '今天我们学习收入确认的五步法。\n第二行字幕' },
      { start: 10.5, end: 12, text: '谢谢大家' },
    ]);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('00:00:01.000 --> 00:00:04.500\n各位学员好，欢迎来到本讲。\n');
    expect(vtt).toContain('00:00:05.000 --> 00:00:09.250\n今天我们学习收入确认的五步法。\n第二行字幕\n');
    expect(vtt).toContain('00:00:10.500 --> 00:00:12.000\n谢谢大家\n');
    // The result is valid WebVTT with the same cues.
    expect(parseVtt(vtt).cues).toEqual(cues);
  });

  it('reads Windows line breaks', () => {
    expect(srtToVtt(SRT.replace(/\n/g, '\r\n')).cues).toHaveLength(3);
  });

  it('names the line of a malformed timing line', () => {
    const bad = SRT.replace('00:00:05,000 --> 00:00:09,250', '00:00:05 --> 00:00:09,250');
    const err = refusal(() => srtToVtt(bad));
    expect(err.message).toBe('字幕文件第 6 行：时间格式不正确');
    expect(err.line).toBe(6);
  });

  it('names the line of a cue ending before it starts, and of a stray line', () => {
    expect(refusal(() => srtToVtt(SRT.replace('00:00:09,250', '00:00:04,000'))).message).toBe('字幕文件第 6 行：结束时间须晚于开始时间');
    expect(refusal(() => srtToVtt(`说明文字\n${SRT}`)).message).toBe('字幕文件第 1 行：这一行不在任何字幕之内（缺少序号和时间行）');
  });
});

describe('vttTime', () => {
  it('pads hours, minutes, seconds and milliseconds', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3723.4)).toBe('01:02:03.400');
  });
});

describe('readSubtitleFile', () => {
  const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n第一句\n\n00:00:04.000 --> 00:00:08.000\n第二句\n';

  it('keeps a valid WebVTT file as written and counts its cues', () => {
    const r = readSubtitleFile(Buffer.from(vtt), 'a.vtt', 30);
    expect(r).toMatchObject({ format: 'vtt', vtt, cues: [{ start: 1, end: 3, text: '第一句' }, { start: 4, end: 8, text: '第二句' }] });
  });

  it('tolerates header lines after the signature, as browsers do', () => {
    expect(readSubtitleFile(Buffer.from(vtt.replace('WEBVTT\n', 'WEBVTT\nKind: captions\nLanguage: zh-CN\n')), 'a.vtt', 30).cues).toHaveLength(2);
  });

  it('names the line of a malformed WebVTT timing', () => {
    const err = refusal(() => readSubtitleFile(Buffer.from(vtt.replace('00:00:04.000', '00:00:04,000')), 'a.vtt', 30));
    expect(err.message).toBe('字幕文件第 6 行：时间格式不正确');
  });

  it('refuses a file without the WEBVTT signature named .vtt', () => {
    expect(refusal(() => readSubtitleFile(Buffer.from(vtt.slice(6)), 'a.vtt', 30)).message).toBe('字幕文件第 1 行：文件须以 WEBVTT 开头');
  });

  it('refuses cues past the lesson, naming the line', () => {
    expect(refusal(() => readSubtitleFile(Buffer.from(vtt), 'a.vtt', 5)).message).toBe(
      '字幕文件第 6 行：结束时间 00:00:08.000 超出课时时长 00:05',
    );
  });

  it('refuses empty files, files without cues and other formats', () => {
    expect(refusal(() => readSubtitleFile(Buffer.alloc(0), 'a.vtt', 30)).message).toBe('字幕文件是空的');
    expect(refusal(() => readSubtitleFile(Buffer.from(' \n\n'), 'a.srt', 30)).message).toBe('字幕文件是空的');
    expect(refusal(() => readSubtitleFile(Buffer.from('WEBVTT\n\nNOTE 只有注释\n'), 'a.vtt', 30)).message).toBe('字幕文件中没有字幕内容');
    expect(refusal(() => readSubtitleFile(Buffer.from('[Script Info]\nTitle: x'), 'a.ass', 30)).message).toBe(
      '字幕文件须为 WebVTT（.vtt）或 SRT（.srt）格式',
    );
  });

  it('converts GBK SRT to WebVTT', () => {
    const r = readSubtitleFile(iconv.encode(SRT, 'gbk'), '第一讲.srt', 30);
    expect(r.format).toBe('srt');
    expect(r.cues[0]!.text).toBe('各位学员好，欢迎来到本讲。');
    expect(r.vtt).toContain('00:00:10.500 --> 00:00:12.000\n谢谢大家');
  });
});
