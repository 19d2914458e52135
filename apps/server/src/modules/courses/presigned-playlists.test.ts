import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { createPresignedPlaylists, presignPlaylist } from './media';

const QUERY = 'exp=1735700400&sig=abc';
const EXP = 1735700400; // 2025-01-01T03:00:00Z

/** A bucket of variant playlists whose presigned URLs name the key and their lifetime, counting the presignings. */
function fakeBucket(files: Record<string, string>) {
  const counts = { presigned: 0, reads: 0 };
  const storage = {
    driver: 's3',
    async read(key: string) {
      counts.reads++;
      return key in files ? Buffer.from(files[key]!) : null;
    },
    async signedReadUrl(key: string, o: { expiresInS: number }) {
      counts.presigned++;
      return `https://bucket.example/${key}?X-Amz-Expires=${o.expiresInS}&X-Amz-Signature=x`;
    },
  } as unknown as Storage;
  return { storage, counts };
}

const variant = (n: number) =>
  ['#EXTM3U', '#EXT-X-TARGETDURATION:6', ...Array.from({ length: n }, (_, i) => [`#EXTINF:6.0,`, `seg${String(i).padStart(5, '0')}.ts`]).flat(), '#EXT-X-ENDLIST', ''].join('\n');

describe('presigned variant playlists', () => {
  it('writes each segment as a presigned URL and any other URI line signed for the app', async () => {
    const out = await presignPlaylist('#EXTM3U\n#EXTINF:6.0,\nseg00000.ts\nother.m3u8\n', QUERY, async (f) => `https://b/${f}?sig`);
    expect(out).toBe(`#EXTM3U\n#EXTINF:6.0,\nhttps://b/seg00000.ts?sig\nother.m3u8?${QUERY}\n`);
  });

  it('presigns a playlist once per signature, with URLs that end when the signature does', async () => {
    const clock = new ManualClock('2025-01-01T01:00:00Z');
    const { storage, counts } = fakeBucket({ 'videos/hls/a/v0/index.m3u8': variant(3) });
    const cache = createPresignedPlaylists(storage, clock);
    const first = await cache.variant('videos/hls/a/v0/index.m3u8', EXP, QUERY);
    expect(first!.split('\n').filter((l) => l.startsWith('https://'))).toEqual([0, 1, 2].map((i) => `https://bucket.example/videos/hls/a/v0/seg0000${i}.ts?X-Amz-Expires=7200&X-Amz-Signature=x`));
    const [again] = await Promise.all([cache.variant('videos/hls/a/v0/index.m3u8', EXP, QUERY), cache.variant('videos/hls/a/v0/index.m3u8', EXP, QUERY)]);
    expect(again).toBe(first);
    expect(counts).toEqual({ presigned: 3, reads: 1 });
    // Past its signature's expiry an entry is never served again.
    clock.set((EXP + 1) * 1000);
    await cache.variant('videos/hls/a/v0/index.m3u8', EXP, QUERY);
    expect(counts.reads).toBe(2);
  });

  it('keeps no entry for a missing playlist, and drops the oldest entries past its size', async () => {
    const clock = new ManualClock('2025-01-01T01:00:00Z');
    const files = Object.fromEntries(['a', 'b', 'c'].map((n) => [`videos/hls/${n}/v0/index.m3u8`, variant(50)]));
    const { storage } = fakeBucket(files);
    const one = (await createPresignedPlaylists(storage, clock).variant('videos/hls/a/v0/index.m3u8', EXP, QUERY))!.length * 2;
    const cache = createPresignedPlaylists(storage, clock, one * 2 + 10);
    expect(await cache.variant('videos/hls/none/v0/index.m3u8', EXP, QUERY)).toBeNull();
    expect(cache.size).toBe(0);
    for (const n of ['a', 'b', 'c']) await cache.variant(`videos/hls/${n}/v0/index.m3u8`, EXP, QUERY);
    expect(cache.size).toBe(2);
  });
});
