import { MAX_PLAYBACK_RATE, WATCH_REPORT_INTERVAL_S, type WatchState } from '@app/contracts/learning/learning.rules';

/**
 * Learning-progress bookkeeping for one lesson video, free of React and the DOM so it can be driven by a
 * fake clock in tests. The player forwards media and page events; the reporter decides what was really
 * studied and when to tell the server.
 *
 * Played seconds (DECISIONS.md "learning time counts only time actually played"; contract: media seconds played
 * while visible and not paused): between two `timeupdate` events the media-time delta counts when the video was
 * playing, the page was visible and the media moved forward, bounded by the wall-clock delta × MAX_PLAYBACK_RATE
 * and a per-tick cap (a throttled background tab or a sleeping laptop must not credit the gap). Seeks reset the
 * baseline, so jumping ahead earns nothing; a seek first sends what was played before it, at the position it left, so
 * the server sees the jump as one (it credits nothing for a jump past the furthest point played).
 *
 * The end of the lesson is reported whole: `ended` rounds the last fraction of a second up (a 4.98 s clip played to
 * its end reports 5 s, not 4), and the position to the end.
 *
 * The server credits an interval only when the previous report said `playing` (watch_create description), so a
 * `playing` report goes out on play and when the page becomes visible again while playing.
 *
 * Away from the page (a phone's screen locked, another app in front, the tab hidden, the page frozen or put in the
 * back/forward cache): `visibility` hidden, `freeze` and `pageHide` stop crediting at once and flush by beacon with
 * state `hidden`, so the server's interval closes too. Until the page is back (`visibility` visible or `resume`)
 * nothing is credited and no heartbeat claims `playing`, even if the video goes on playing in the background or a
 * browser (WeChat's, some Android ones) still says `visible` after a pagehide.
 */

export type ReportState = WatchState;

export interface ProgressReport {
  /** Media position in whole seconds, where the learner resumes. */
  position: number;
  /** Media seconds actually played since the previous report (whole seconds; the fraction carries over). */
  played: number;
  state: ReportState;
}

export interface MediaState {
  /** video.currentTime in seconds. */
  currentTime: number;
  paused: boolean;
  /** document.visibilityState === 'visible'. */
  visible: boolean;
}

export interface ProgressReporterOptions {
  /** Milliseconds clock (Date.now / performance.now, or a fake one in tests). */
  now(): number;
  /** Ordinary report through the API client. */
  send(report: ProgressReport): void;
  /** Report that must survive the page going away (navigator.sendBeacon). Returns false when not queued. */
  beacon(report: ProgressReport): boolean;
  /** Heartbeat while playing, ms (default 15 s). */
  heartbeatMs?: number;
  /** Largest wall-clock gap one timeupdate may credit, seconds (browsers fire it every 15-250 ms). */
  maxTickSeconds?: number;
  /** The course's fastest credited playback rate (default MAX_PLAYBACK_RATE). */
  maxRate?: number;
}

export const HEARTBEAT_MS = WATCH_REPORT_INTERVAL_S * 1000;
export const MAX_TICK_SECONDS = 1;

export interface ProgressReporter {
  timeUpdate(state: MediaState): void;
  play(state: MediaState): void;
  pause(state: MediaState): void;
  /**
   * `seeking`: stop crediting until playback resumes from the new position, and report the seconds played before
   * the seek at the position it left (`currentTime` is already the target here).
   */
  seeking(state: MediaState): void;
  /** `seeked`: report the new position. */
  seeked(state: MediaState): void;
  ended(state: MediaState): void;
  /** visibilitychange: hidden stops crediting and flushes by beacon. */
  visibility(state: MediaState): void;
  /** pagehide / unmount: stop crediting and flush by beacon. */
  pageHide(state: MediaState): void;
  /** Page Lifecycle `freeze` (a background page about to be suspended): stop crediting and flush by beacon. */
  freeze(state: MediaState): void;
  /** Page Lifecycle `resume` / `pageshow`: the page is back; crediting restarts if it is visible and playing. */
  resume(state: MediaState): void;
  /** Reports now in the player's present state (a presence check falling due, a confirmation). */
  reportNow(state: MediaState): void;
  /** True between hidden/frozen/pagehide and the page coming back. */
  isAway(): boolean;
  /** Played seconds not yet reported (fractional). */
  pendingSeconds(): number;
}

export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxTick = options.maxTickSeconds ?? MAX_TICK_SECONDS;
  const maxRate = options.maxRate ?? MAX_PLAYBACK_RATE;
  /** Media time of the last credited moment: where a seek leaves from. */
  let lastMedia = 0;
  /** Baseline of the last credited interval; null when the next timeupdate must only start a new one. */
  let base: { wall: number; media: number } | null = null;
  let pending = 0;
  let lastReportAt = options.now();
  /** Position of the last report, so a hidden/idle flush with nothing new is skipped. */
  let lastReported: { position: number } | null = null;
  /** Hidden, frozen or gone (pagehide) and not yet back: nothing is credited whatever the media says. */
  let away = false;

  function credit(state: MediaState): void {
    const now = options.now();
    if (state.paused || !state.visible || away) {
      base = null;
      return;
    }
    if (base) {
      const wall = (now - base.wall) / 1000;
      const media = state.currentTime - base.media;
      if (media > 0 && wall > 0) pending += Math.min(media, Math.min(wall, maxTick) * maxRate);
    }
    base = { wall: now, media: state.currentTime };
    lastMedia = state.currentTime;
  }

  function build(state: MediaState, reportState: ReportState, end = false): ProgressReport {
    // Whole seconds; at the end a fraction is rounded up (more than a twentieth: not a float's dust).
    const played = end ? Math.floor(pending + 0.95) : Math.floor(pending);
    pending = Math.max(0, pending - played);
    lastReportAt = options.now();
    const position = Math.max(0, end ? Math.ceil(state.currentTime - 0.05) : Math.floor(state.currentTime));
    lastReported = { position };
    return { position, played, state: reportState };
  }

  /** The state a report of the present moment carries. */
  function stateNow(state: MediaState): ReportState {
    if (state.paused) return 'paused';
    return state.visible && !away ? 'playing' : 'hidden';
  }

  function report(state: MediaState, reportState: ReportState): void {
    options.send(build(state, reportState));
  }

  function flushByBeacon(state: MediaState): void {
    const position = Math.max(0, Math.floor(state.currentTime));
    if (Math.floor(pending) === 0 && lastReported?.position === position) return;
    options.beacon(build(state, 'hidden'));
  }

  /** Credits up to the moment the page went away (if it was in view until now), then stops and flushes. */
  function leave(state: MediaState, creditUntilNow: boolean): void {
    if (creditUntilNow) credit({ ...state, visible: true });
    away = true;
    base = null;
    flushByBeacon(state);
  }

  function comeBack(state: MediaState): void {
    if (!state.visible) return;
    const wasAway = away;
    away = false;
    base = null;
    credit(state);
    // A new server interval starts (the previous one was closed by the `hidden` flush).
    if (!state.paused && wasAway) report(state, 'playing');
  }

  return {
    timeUpdate(state) {
      credit(state);
      // No heartbeat while away: a `playing` report would reopen the server's interval for a hidden page.
      if (!state.paused && state.visible && !away && options.now() - lastReportAt >= heartbeatMs) report(state, 'playing');
    },
    play(state) {
      base = null;
      credit(state);
      // Opens the server's credit interval (a paused or hidden interval earns nothing).
      report(state, state.visible && !away ? 'playing' : 'hidden');
    },
    pause(state) {
      credit(state);
      base = null;
      report(state, 'paused');
    },
    seeking(state) {
      // Credit stops at the last timeupdate before the seek; what was played until there is reported from there.
      base = null;
      if (Math.floor(pending) >= 1) {
        const played = Math.floor(pending);
        pending -= played;
        lastReportAt = options.now();
        const position = Math.max(0, Math.floor(lastMedia));
        lastReported = { position };
        options.send({ position, played, state: stateNow(state) });
      }
    },
    seeked(state) {
      base = null;
      report(state, stateNow(state));
      credit(state);
    },
    ended(state) {
      credit({ ...state, paused: false });
      base = null;
      options.send(build(state, 'ended', true));
    },
    reportNow(state) {
      credit(state);
      report(state, stateNow(state));
    },
    visibility(state) {
      if (state.visible) {
        if (away) comeBack(state);
        else {
          base = null;
          credit(state);
          if (!state.paused) report(state, 'playing');
        }
        return;
      }
      // Credit up to the moment the page went away, then stop.
      leave(state, !away);
    },
    pageHide(state) {
      leave(state, state.visible && !away);
    },
    freeze(state) {
      leave(state, state.visible && !away);
    },
    resume(state) {
      if (away) comeBack(state);
    },
    isAway: () => away,
    pendingSeconds: () => pending,
  };
}
