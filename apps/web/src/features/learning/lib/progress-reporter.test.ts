import { describe, expect, it } from 'vitest';
import { createProgressReporter, type MediaState, type ProgressReport } from './progress-reporter';

function setup() {
  let clock = 0;
  const sent: ProgressReport[] = [];
  const beacons: ProgressReport[] = [];
  const reporter = createProgressReporter({
    now: () => clock,
    send: (r) => sent.push(r),
    beacon: (r) => {
      beacons.push(r);
      return true;
    },
  });
  const media: MediaState = { currentTime: 0, paused: true, visible: true };
  /** Lets `seconds` of wall time pass at `rate`, firing timeupdate every 250 ms like a browser. */
  function playFor(seconds: number, rate = 1) {
    for (let i = 0; i < seconds * 4; i += 1) {
      clock += 250;
      if (!media.paused) media.currentTime += 0.25 * rate;
      reporter.timeUpdate({ ...media });
    }
  }
  function play() {
    media.paused = false;
    reporter.play({ ...media });
  }
  function pause() {
    media.paused = true;
    reporter.pause({ ...media });
  }
  return { reporter, media, sent, beacons, playFor, play, pause, advance: (ms: number) => (clock += ms) };
}

const totalPlayed = (reports: ProgressReport[]) => reports.reduce((s, r) => s + r.played, 0);

describe('progress reporter', () => {
  it('opens the credit interval with a playing report and reports the seconds played on pause', () => {
    const t = setup();
    t.play();
    t.playFor(10);
    t.pause();
    expect(t.sent).toEqual([
      { position: 0, played: 0, state: 'playing' },
      { position: 10, played: 10, state: 'paused' },
    ]);
  });

  it('sends a heartbeat every 15 s while playing', () => {
    const t = setup();
    t.play();
    t.playFor(31);
    expect(t.sent.map((r) => r.state)).toEqual(['playing', 'playing', 'playing']);
    expect(t.sent[1]).toEqual({ position: 15, played: 15, state: 'playing' });
    expect(totalPlayed(t.sent)).toBe(30);
  });

  it('counts nothing while paused, however long the page stays open', () => {
    const t = setup();
    t.play();
    t.playFor(5);
    t.pause();
    t.playFor(600);
    t.play();
    t.playFor(5);
    t.pause();
    expect(totalPlayed(t.sent)).toBe(10);
    expect(t.sent.at(-1)).toEqual({ position: 10, played: 5, state: 'paused' });
  });

  it('counts nothing while the page is hidden even if the video keeps playing', () => {
    const t = setup();
    t.play();
    t.playFor(4);
    t.media.visible = false;
    t.reporter.visibility({ ...t.media });
    expect(t.beacons).toEqual([{ position: 4, played: 4, state: 'hidden' }]);
    t.playFor(60);
    t.media.visible = true;
    t.reporter.visibility({ ...t.media });
    // Back in view while playing: a new playing interval starts, with nothing credited for the hidden minute.
    expect(t.sent.at(-1)).toEqual({ position: 64, played: 0, state: 'playing' });
    t.playFor(4);
    t.pause();
    expect(totalPlayed([...t.sent, ...t.beacons])).toBe(8);
    expect(t.sent.at(-1)?.position).toBe(68);
  });

  it('counts media seconds at a faster rate, never more than twice the wall time', () => {
    const t = setup();
    t.play();
    t.playFor(10, 2);
    t.pause();
    expect(t.sent.at(-1)).toEqual({ position: 20, played: 20, state: 'paused' });

    const fast = setup();
    fast.play();
    fast.playFor(10, 4);
    fast.pause();
    expect(fast.sent.at(-1)).toEqual({ position: 40, played: 20, state: 'paused' });
  });

  it('caps a long gap between two timeupdates (throttled tab, sleeping laptop)', () => {
    const t = setup();
    t.play();
    t.playFor(2);
    t.advance(300_000);
    t.media.currentTime += 30;
    t.reporter.timeUpdate({ ...t.media });
    t.pause();
    // 2 s played, then one tick worth at most 1 s of wall time × 2.
    expect(totalPlayed(t.sent)).toBe(4);
  });

  it('earns nothing for a seek: what was played before it is reported where it left, then the new position', () => {
    const t = setup();
    t.play();
    t.playFor(3);
    // At `seeking` the media is already at the target.
    t.media.currentTime = 200;
    t.reporter.seeking({ ...t.media });
    t.advance(100);
    t.reporter.seeked({ ...t.media });
    t.playFor(2);
    t.pause();
    expect(t.sent.slice(1)).toEqual([
      { position: 3, played: 3, state: 'playing' },
      { position: 200, played: 0, state: 'playing' },
      { position: 202, played: 2, state: 'paused' },
    ]);
  });

  it('sends nothing extra for a seek with less than a second played since the last report', () => {
    const t = setup();
    t.play();
    t.media.currentTime = 40;
    t.reporter.seeking({ ...t.media });
    t.reporter.seeked({ ...t.media });
    expect(t.sent).toEqual([
      { position: 0, played: 0, state: 'playing' },
      { position: 40, played: 0, state: 'playing' },
    ]);
  });

  it('uses the beacon on page hide with the played seconds not yet reported', () => {
    const t = setup();
    t.play();
    t.playFor(7);
    t.reporter.pageHide({ ...t.media });
    expect(t.sent).toHaveLength(1);
    expect(t.beacons).toEqual([{ position: 7, played: 7, state: 'hidden' }]);
    // A second hide event with nothing new sends nothing.
    t.reporter.pageHide({ ...t.media });
    expect(t.beacons).toHaveLength(1);
  });

  it('reports the end of the video', () => {
    const t = setup();
    t.play();
    t.playFor(6);
    t.media.paused = true;
    t.reporter.ended({ ...t.media });
    expect(t.sent.at(-1)).toEqual({ position: 6, played: 6, state: 'ended' });
  });

  it('reports the whole of a short lesson at its end: the last fraction of a second and the end position', () => {
    // A 4.98 s clip: timeupdates every 250 ms up to 4.75 s, then `ended` at 4.98 s (the browser pauses first).
    const t = setup();
    t.play();
    t.playFor(4.75);
    t.advance(230);
    t.media.currentTime = 4.98;
    t.media.paused = true;
    t.reporter.ended({ ...t.media });
    expect(t.sent).toEqual([
      { position: 0, played: 0, state: 'playing' },
      { position: 5, played: 5, state: 'ended' },
    ]);
  });

  it('rounds up at the end what is left after the heartbeats, never a second more', () => {
    const t = setup();
    t.play();
    t.playFor(16.5);
    t.media.paused = true;
    t.reporter.ended({ ...t.media });
    expect(t.sent.map((r) => r.played)).toEqual([0, 15, 2]);
    expect(t.sent.at(-1)).toEqual({ position: 17, played: 2, state: 'ended' });
    expect(totalPlayed(t.sent)).toBe(17);

    const whole = setup();
    whole.play();
    whole.playFor(16);
    whole.media.paused = true;
    whole.reporter.ended({ ...whole.media });
    expect(totalPlayed(whole.sent)).toBe(16);
  });

  it('counts no more than the course’s own fastest rate', () => {
    let clock = 0;
    const sent: ProgressReport[] = [];
    const reporter = createProgressReporter({ now: () => clock, send: (r) => sent.push(r), beacon: () => true, maxRate: 1.5 });
    const media: MediaState = { currentTime: 0, paused: false, visible: true };
    reporter.play({ ...media });
    for (let i = 0; i < 40; i += 1) {
      clock += 250;
      media.currentTime += 0.5;
      reporter.timeUpdate({ ...media });
    }
    media.paused = true;
    reporter.pause({ ...media });
    expect(sent.at(-1)).toEqual({ position: 20, played: 15, state: 'paused' });
  });

  it('reports now in the present state when asked (a presence check falling due)', () => {
    const t = setup();
    t.play();
    t.playFor(4);
    t.reporter.reportNow({ ...t.media });
    expect(t.sent.at(-1)).toEqual({ position: 4, played: 4, state: 'playing' });
    t.pause();
    t.reporter.reportNow({ ...t.media });
    expect(t.sent.at(-1)).toEqual({ position: 4, played: 0, state: 'paused' });
    t.media.visible = false;
    t.reporter.visibility({ ...t.media });
    t.reporter.reportNow({ ...t.media });
    expect(t.sent.at(-1)?.state).toBe('paused');
  });

  describe('on a phone: locked screen, another app, a frozen or cached page', () => {
    it('sends no playing heartbeat while the screen is locked, even if the video plays on in the background', () => {
      const t = setup();
      t.play();
      t.playFor(3);
      t.media.visible = false;
      t.reporter.visibility({ ...t.media });
      const sentBefore = t.sent.length;
      t.playFor(120);
      expect(t.sent).toHaveLength(sentBefore);
      expect(t.reporter.pendingSeconds()).toBe(0);
      expect(t.beacons).toEqual([{ position: 3, played: 3, state: 'hidden' }]);
    });

    it('stops crediting on freeze, flushes by beacon, and starts a new playing interval on resume', () => {
      const t = setup();
      t.play();
      t.playFor(5);
      t.reporter.freeze({ ...t.media });
      expect(t.beacons).toEqual([{ position: 5, played: 5, state: 'hidden' }]);
      expect(t.reporter.isAway()).toBe(true);
      t.playFor(30);
      t.reporter.resume({ ...t.media });
      expect(t.reporter.isAway()).toBe(false);
      expect(t.sent.at(-1)).toEqual({ position: 35, played: 0, state: 'playing' });
      t.playFor(2);
      t.pause();
      expect(totalPlayed([...t.sent, ...t.beacons])).toBe(7);
    });

    it('credits nothing after pagehide while a browser still reports the page visible, until pageshow', () => {
      const t = setup();
      t.play();
      t.playFor(4);
      t.reporter.pageHide({ ...t.media });
      expect(t.beacons).toEqual([{ position: 4, played: 4, state: 'hidden' }]);
      // WeChat's browser may keep visibilityState 'visible' behind another app.
      t.playFor(40);
      expect(t.reporter.pendingSeconds()).toBe(0);
      t.reporter.pageHide({ ...t.media });
      expect(t.beacons).toHaveLength(2);
      expect(t.beacons[1]).toEqual({ position: 44, played: 0, state: 'hidden' });
      t.reporter.resume({ ...t.media });
      t.playFor(3);
      t.pause();
      expect(totalPlayed([...t.sent, ...t.beacons])).toBe(7);
    });

    it('flushes once when a lock fires visibilitychange, freeze and pagehide one after another', () => {
      const t = setup();
      t.play();
      t.playFor(6);
      t.media.visible = false;
      t.reporter.visibility({ ...t.media });
      t.reporter.freeze({ ...t.media });
      t.reporter.pageHide({ ...t.media });
      expect(t.beacons).toEqual([{ position: 6, played: 6, state: 'hidden' }]);
    });

    it('a play started while away opens no credit interval', () => {
      const t = setup();
      t.media.visible = false;
      t.reporter.visibility({ ...t.media });
      t.play();
      expect(t.sent.at(-1)?.state).toBe('hidden');
      t.playFor(10);
      expect(t.reporter.pendingSeconds()).toBe(0);
    });

    it('coming back to a paused video sends nothing and the next play credits again', () => {
      const t = setup();
      t.play();
      t.playFor(2);
      t.pause();
      t.media.visible = false;
      t.reporter.visibility({ ...t.media });
      t.advance(60_000);
      t.media.visible = true;
      const sentBefore = t.sent.length;
      t.reporter.visibility({ ...t.media });
      expect(t.sent).toHaveLength(sentBefore);
      t.play();
      t.playFor(3);
      t.pause();
      expect(totalPlayed([...t.sent, ...t.beacons])).toBe(5);
    });
  });
});
