import { useEffect, useRef, useState } from 'react';
import { LIVE_ATTENDANCE_MAX_REPORT_S, LIVE_ATTENDANCE_REPORT_S } from '@app/contracts';

/**
 * A live HLS stream: Safari's native HLS where the browser plays it, otherwise hls.js (loaded on demand, by this
 * page only). Starts muted so browsers allow autoplay. `onWatched` gets the seconds actually watched (stream
 * playing, page visible) every LIVE_ATTENDANCE_REPORT_S.
 */
export function HlsPlayer({ src, onWatched }: { src: string; onWatched?: (seconds: number) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let destroy: (() => void) | undefined;
    let gone = false;
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src;
      void video.play().catch(() => undefined);
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (gone) return;
        if (!Hls.isSupported()) return setFailed(true);
        const hls = new Hls({ liveSyncDurationCount: 2, enableWorker: true });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setFailed(true);
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
        destroy = () => hls.destroy();
      }, () => setFailed(true));
    }
    return () => {
      gone = true;
      destroy?.();
    };
  }, [src]);

  // Honest watching time: a second counts only while the stream plays and the page is visible.
  const watched = useRef(0);
  const report = useRef(onWatched);
  useEffect(() => {
    report.current = onWatched;
  }, [onWatched]);
  useEffect(() => {
    let sinceReport = 0;
    const tick = setInterval(() => {
      const v = ref.current;
      if (v && !v.paused && !v.ended && v.readyState >= 3 && document.visibilityState === 'visible') watched.current++;
      if (++sinceReport >= LIVE_ATTENDANCE_REPORT_S) {
        sinceReport = 0;
        const s = Math.min(watched.current, LIVE_ATTENDANCE_MAX_REPORT_S);
        watched.current = 0;
        if (s > 0) report.current?.(s);
      }
    }, 1000);
    return () => clearInterval(tick);
  }, []);

  if (failed) return <div>当前浏览器无法播放直播流，请更换浏览器后重试</div>;
  return <video ref={ref} controls muted autoPlay playsInline aria-label="直播画面" data-testid="live-video" />;
}
