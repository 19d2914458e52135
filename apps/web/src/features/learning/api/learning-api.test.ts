import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconReport } from './learning-api';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

/** jsdom's Blob has no text(). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

describe('page-hide progress report', () => {
  it('goes out by navigator.sendBeacon as text/plain JSON carrying the token in the body', async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    expect(beaconReport({ lesson_id: 101, position: 42, played_seconds: 7, state: 'hidden' }, 'tok-1')).toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/coursepoolapi/course_pools/watch_create');
    expect((blob as Blob).type).toBe('text/plain;charset=utf-8');
    expect(JSON.parse(await readBlob(blob as Blob))).toEqual({
      lesson_id: 101,
      position: 42,
      played_seconds: 7,
      state: 'hidden',
      token: 'tok-1',
    });
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    expect(beaconReport({ lesson_id: 101, position: 1, played_seconds: 1, state: 'hidden' }, 'tok-1')).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/coursepoolapi/course_pools/watch_create', expect.objectContaining({ keepalive: true, method: 'POST' }));
  });
});
