import { describe, expect, it } from 'vitest';
import { awayKey, createAwayClock } from './use-leave-watch';

function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

describe('createAwayClock', () => {
  it('measures an absence from the moment the page went away to its return', () => {
    let t = 1_000;
    const clock = createAwayClock(7, memoryStore(), () => t);
    clock.start();
    t += 20_000;
    expect(clock.end()).toBe(20_000);
  });

  it('answers null when the page comes back without having been away, and counts each absence once', () => {
    let t = 1_000;
    const clock = createAwayClock(7, memoryStore(), () => t);
    expect(clock.end()).toBeNull();
    clock.start();
    t += 3_000;
    expect(clock.end()).toBe(3_000);
    expect(clock.end()).toBeNull();
  });

  it('keeps the first start when the page is hidden and blurred in one absence', () => {
    let t = 1_000;
    const clock = createAwayClock(7, memoryStore(), () => t);
    clock.start();
    t += 5_000;
    clock.start();
    t += 12_000;
    expect(clock.end()).toBe(17_000);
  });

  it('carries an absence across a reload of the page through the store', () => {
    let t = 50_000;
    const store = memoryStore();
    createAwayClock(9, store, () => t).start();
    expect(store.map.get(awayKey(9))).toBe('50000');
    t += 40_000;
    const reloaded = createAwayClock(9, store, () => t);
    expect(reloaded.end()).toBe(40_000);
    expect(store.map.has(awayKey(9))).toBe(false);
    expect(createAwayClock(10, store, () => t).end()).toBeNull();
  });

  it('still measures without a store (storage refused)', () => {
    let t = 0;
    const clock = createAwayClock(1, null, () => t);
    clock.start();
    t += 16_000;
    expect(clock.end()).toBe(16_000);
  });
});
