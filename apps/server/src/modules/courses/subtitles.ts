/**
 * Reading staff's subtitle files: bytes to text (UTF-8 read strictly, else GBK/GB18030, the encodings Chinese
 * subtitle tools write), SRT converted to WebVTT, WebVTT validated with webvtt-parser. Every refusal names the line
 * of the uploaded file in Chinese (`字幕文件第 12 行：时间格式不正确`).
 */
import iconv from 'iconv-lite';
import SrtParser from 'srt-parser-2';
import webvtt, { type WebVTTError } from 'webvtt-parser';
import { courseAdminMessages as m, formatDuration, SUBTITLE_DURATION_GRACE_S } from '@app/contracts';

/** A refused subtitle file; `message` is the Chinese text staff see. */
export class SubtitleError extends Error {
  constructor(
    message: string,
    /** 1-based line of the uploaded file, when the problem sits on one. */
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'SubtitleError';
  }
}

const lineError = (line: number, problem: string) => new SubtitleError(m.subtitleLine(line, problem), line);

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

export interface ReadSubtitle {
  /** The WebVTT text stored (SRT converted; line breaks \n; no byte order mark). */
  vtt: string;
  cues: SubtitleCue[];
  format: 'vtt' | 'srt';
}

/**
 * The text of a subtitle file: a UTF-8 (or UTF-16) byte order mark is obeyed; without one, UTF-8 read strictly
 * (TextDecoder fatal), and bytes that are not UTF-8 read as GB18030 (a superset of GBK and GB2312). Null when neither
 * reads cleanly.
 */
export function decodeSubtitleBytes(bytes: Uint8Array): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(3));
    if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(b.subarray(2));
    if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(b.subarray(2));
  } catch {
    return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    const text = iconv.decode(b, 'gb18030');
    return text.includes('\uFFFD') ? null : text;
  }
}

/** Seconds as a WebVTT timestamp, `HH:MM:SS.mmm`. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const min = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(min)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const splitLines = (text: string) => text.split(/\r\n|\r|\n/);

/** An SRT timing line: `00:01:02,500 --> 00:01:05,000` (a dot for the comma, one- or two-digit hours accepted). */
const SRT_TIME = /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})$/;

function srtSeconds(raw: string): number | null {
  const t = SRT_TIME.exec(raw);
  if (!t) return null;
  const [, h, min, s, frac] = t;
  if (Number(min) > 59 || Number(s) > 59) return null;
  return Number(h) * 3600 + Number(min) * 60 + Number(s) + Number(frac!.padEnd(3, '0')) / 1000;
}

/** Font tags and ASS overrides that subtitle editors leave in SRT text; WebVTT has neither. */
const stripSrtStyling = (text: string) => text.replace(/<\/?font[^>]*>/gi, '').replace(/\{\\[^}]*\}/g, '');

/**
 * SRT to WebVTT. Each block is checked first (its sequence number, its timing line, start before end), so a refusal
 * names the SRT line; the checked blocks, with canonical timing lines, are then read by srt-parser-2. Cue text is
 * kept (font tags dropped); times become `HH:MM:SS.mmm`.
 */
export function srtToVtt(srt: string): { vtt: string; cues: SubtitleCue[]; lines: number[] } {
  const lines = splitLines(srt);
  const canonical: string[] = [];
  const timingLines: number[] = [];
  let inCue = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    if (line === '') {
      inCue = false;
      canonical.push('');
      continue;
    }
    if (line.includes('-->')) {
      const prev = lines[i - 1]?.trim() ?? '';
      if (!/^\d+$/.test(prev)) throw lineError(i + 1, '时间行前缺少字幕序号');
      const parts = line.split('-->').map((p) => p.trim());
      const start = parts.length === 2 ? srtSeconds(parts[0]!) : null;
      const end = parts.length === 2 ? srtSeconds(parts[1]!) : null;
      if (start === null || end === null) throw lineError(i + 1, '时间格式不正确');
      if (end <= start) throw lineError(i + 1, '结束时间须晚于开始时间');
      const fmt = (s: number) => vttTime(s).replace('.', ',');
      canonical.push(`${fmt(start)} --> ${fmt(end)}`);
      timingLines.push(i + 1);
      inCue = true;
      continue;
    }
    if (!inCue) {
      // Outside a cue only a sequence number may stand, and only right before its timing line.
      if (/^\d+$/.test(line) && next.includes('-->')) {
        canonical.push(line);
        continue;
      }
      throw lineError(i + 1, /^\d+$/.test(line) ? '字幕序号后须紧接时间行' : '这一行不在任何字幕之内（缺少序号和时间行）');
    }
    canonical.push(lines[i]!.replace(/\s+$/, ''));
  }
  const parsed = new SrtParser().fromSrt(canonical.join('\n'));
  const cues = parsed.map((c) => ({ start: c.startSeconds, end: c.endSeconds, text: stripSrtStyling(c.text).trim() }));
  const vtt = `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`;
  return { vtt, cues, lines: timingLines };
}

/** webvtt-parser's complaints that browsers read past (header lines, unknown cue settings): not refused. */
const TOLERATED = new Set(['No blank line after the signature.', 'Invalid setting.']);

/** webvtt-parser's messages in the staff's words. */
function vttProblem(e: WebVTTError): string {
  const msg = e.message;
  if (msg.startsWith('No valid signature')) return '文件须以 WEBVTT 开头';
  if (msg.startsWith('End timestamp is not greater')) return '结束时间须晚于开始时间';
  if (msg.startsWith('Start timestamp is not greater')) return '开始时间早于上一条字幕，请按时间顺序排列';
  if (msg.startsWith('Cue identifier cannot be standalone')) return '字幕编号后缺少时间行';
  if (msg.startsWith('Cue identifier needs to be followed')) return '字幕编号后须紧接时间行';
  if (msg.startsWith('Blank line missing before cue')) return '两条字幕之间须空一行';
  if (msg.startsWith('Cannot have timestamp in a comment')) return '注释（NOTE）中不能有时间行';
  if (msg.startsWith('Cannot have timestamp in a style')) return '样式（STYLE）中不能有时间行';
  if (msg.startsWith('Style blocks cannot appear after')) return '样式（STYLE）须写在第一条字幕之前';
  return '时间格式不正确';
}

/** WebVTT checked by webvtt-parser: its cues, and the line of each cue's timing line (for the duration check). */
export function parseVtt(text: string): { cues: SubtitleCue[]; lines: number[] } {
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'metadata');
  const refused = errors.filter((e) => !TOLERATED.has(e.message)).sort((a, b) => a.line - b.line)[0];
  if (refused) throw lineError(refused.line, vttProblem(refused));
  const lines = splitLines(text).flatMap((l, i) => (l.includes('-->') ? [i + 1] : []));
  return { cues: cues.map((c) => ({ start: c.startTime, end: c.endTime, text: c.text })), lines };
}

const looksLikeSrt = (text: string) => {
  const [first = '', second = ''] = splitLines(text.trimStart());
  return /^\d+$/.test(first.trim()) && second.includes('-->');
};

/**
 * A staff's subtitle file as stored: decoded, SRT converted, WebVTT validated, with at least one cue and none
 * ending after the lesson (`duration` seconds; 0 while the lesson has no video, when the check waits for it).
 */
export function readSubtitleFile(bytes: Uint8Array, fileName: string, duration: number): ReadSubtitle {
  if (bytes.length === 0) throw new SubtitleError(m.subtitleEmpty);
  const decoded = decodeSubtitleBytes(bytes);
  if (decoded === null) throw new SubtitleError(m.subtitleUndecodable);
  // PostgreSQL text cannot hold U+0000 (webvtt-parser would read it as U+FFFD anyway).
  const text = decoded.replace(/\0/g, '');
  if (text.trim() === '') throw new SubtitleError(m.subtitleEmpty);
  const name = fileName.toLowerCase();
  const isVtt = text.startsWith('WEBVTT') || name.endsWith('.vtt');
  if (!isVtt && !name.endsWith('.srt') && !looksLikeSrt(text)) throw new SubtitleError(m.subtitleBadType);

  let result: ReadSubtitle;
  let lines: number[];
  if (isVtt) {
    const vtt = `${splitLines(text).join('\n').replace(/\s+$/, '')}\n`;
    const parsed = parseVtt(vtt);
    result = { vtt, cues: parsed.cues, format: 'vtt' };
    lines = parsed.lines;
  } else {
    const converted = srtToVtt(text);
    // The converter's own output is checked as an uploaded WebVTT would be.
    parseVtt(converted.vtt);
    result = { vtt: converted.vtt, cues: converted.cues, format: 'srt' };
    lines = converted.lines;
  }
  if (result.cues.length === 0) throw new SubtitleError(m.subtitleNoCues);
  if (duration > 0) {
    const i = result.cues.findIndex((c) => c.end > duration + SUBTITLE_DURATION_GRACE_S);
    if (i >= 0) throw lineError(lines[i] ?? 1, m.subtitlePastEnd(vttTime(result.cues[i]!.end), formatDuration(duration)));
  }
  return result;
}
