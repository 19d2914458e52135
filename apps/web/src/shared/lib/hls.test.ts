import { describe, expect, it } from 'vitest';
import { attachHls, isHlsUrl } from './hls';

describe('HLS playback', () => {
  it('recognises a playlist URL whatever its signature query', () => {
    expect(isHlsUrl('/media/hls/ab/master.m3u8?exp=1&sig=x')).toBe(true);
    expect(isHlsUrl('/media/videos/a.mp4?exp=1&sig=x')).toBe(false);
  });

  it("plays with the browser's own HLS in CORS mode, so segments on the storage's origin can be read", () => {
    const video = document.createElement('video');
    video.canPlayType = () => 'maybe';
    video.load = () => undefined;
    const stop = attachHls(video, '/media/hls/ab/master.m3u8?exp=1&sig=x');
    expect(video.crossOrigin).toBe('anonymous');
    expect(video.getAttribute('src')).toBe('/media/hls/ab/master.m3u8?exp=1&sig=x');
    stop();
    expect(video.getAttribute('src')).toBeNull();
  });
});
