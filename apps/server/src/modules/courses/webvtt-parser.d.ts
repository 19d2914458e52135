// webvtt-parser 2 ships no type declarations; the subtitles module uses its parser only.
declare module 'webvtt-parser' {
  export interface WebVTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export interface WebVTTError {
    message: string;
    /** 1-based line of the input. */
    line: number;
    col?: number;
  }
  export class WebVTTParser {
    /** `metadata` keeps cue text as written (no cue-text tag parsing). */
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: WebVTTCue[]; errors: WebVTTError[] };
  }
  // A CommonJS module whose exports Node cannot name statically: imported as its default.
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
