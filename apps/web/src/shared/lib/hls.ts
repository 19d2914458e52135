/** Whether a media URL names an HLS playlist (query string ignored). */
export function isHlsUrl(src: string): boolean {
  return /\.m3u8$/i.test(src.split('?')[0] ?? '');
}

/**
 * Plays an HLS source in `video`: the browser's own HLS where it has it (Safari), otherwise hls.js, loaded on demand
 * so only pages that play HLS carry it. Fatal network and media errors are retried once each way hls.js allows;
 * `onFailed` is called when the stream cannot be played. Returns the cleanup.
 */
export function attachHls(
  video: HTMLVideoElement,
  src: string,
  opts: {
    live?: boolean;
    autoplay?: boolean;
    onFailed?: () => void;
    /** The page shows captions itself (a <track> element): hls.js leaves the stream's subtitles rendition alone. */
    ownCaptions?: boolean;
  } = {},
): () => void {
  let destroy: (() => void) | undefined;
  let gone = false;
  const play = () => {
    if (opts.autoplay) void video.play().catch(() => undefined);
  };
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    // On object storage the segments are presigned URLs of the bucket, another origin: the browser's own HLS
    // (Chromium's) reads them only in CORS mode, which the bucket's CORS rule answers (hls.js always uses CORS).
    video.crossOrigin = 'anonymous';
    video.src = src;
    play();
    return () => {
      gone = true;
      video.removeAttribute('src');
      video.load();
    };
  }
  void import('hls.js').then(
    ({ default: Hls }) => {
      if (gone) return;
      if (!Hls.isSupported()) return opts.onFailed?.();
      const hls = new Hls({
        enableWorker: true,
        ...(opts.live ? { liveSyncDurationCount: 2 } : {}),
        ...(opts.ownCaptions ? { enableWebVTT: false } : {}),
      });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
        else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else opts.onFailed?.();
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      hls.on(Hls.Events.MANIFEST_PARSED, play);
      destroy = () => hls.destroy();
    },
    () => opts.onFailed?.(),
  );
  return () => {
    gone = true;
    destroy?.();
  };
}
