/**
 * The player's position for whoever follows it (the transcript's current line) without re-rendering the page on
 * every timeupdate: readers subscribe and pick what they need (useSyncExternalStore).
 */
export interface PlaybackClock {
  get(): number;
  set(seconds: number): void;
  subscribe(listener: () => void): () => void;
}

export function createPlaybackClock(): PlaybackClock {
  let time = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => time,
    set(seconds) {
      if (seconds === time) return;
      time = seconds;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
