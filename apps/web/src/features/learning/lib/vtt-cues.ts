/** A caption cue as the transcript shows it: times in seconds, plain text (markup removed). */
export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;

function seconds(raw: string): number | null {
  const m = TIME.exec(raw.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': '\u00a0', '&lrm;': '', '&rlm;': '' };

/** Cue text without WebVTT markup (<v 讲师>, <b>, timestamps), entities decoded, lines joined by a space. */
function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (e) => ENTITIES[e] ?? e)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The cues of a WebVTT file (the server validated it on upload): each block with a timing line, in time order. NOTE,
 * STYLE and REGION blocks and the header are skipped.
 */
export function parseVttCues(vtt: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  const blocks = vtt.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).join('\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const [from = '', rest = ''] = lines[at]!.split('-->');
    const start = seconds(from);
    const end = seconds(rest.trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null) continue;
    const text = plain(lines.slice(at + 1).join('\n'));
    if (text) cues.push({ start, end, text });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue playing at `time` (the last one started and not ended), or -1. */
export function activeCueIndex(cues: TranscriptCue[], time: number): number {
  for (let i = cues.length - 1; i >= 0; i--) {
    const c = cues[i]!;
    if (c.start <= time) return time < c.end ? i : -1;
  }
  return -1;
}

/** `m:ss` (or `h:mm:ss`) of a cue's start, as the transcript prints it. */
export function cueClock(secondsIn: number): string {
  const s = Math.floor(secondsIn);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
