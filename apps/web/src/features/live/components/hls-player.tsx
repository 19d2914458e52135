import { useEffect, useRef, useState } from 'react';
import { LIVE_ATTENDANCE_MAX_REPORT_S, LIVE_ATTENDANCE_REPORT_S } from '@app/contracts';
import { attachHls } from '@/shared/lib/hls';
import { WECHAT_INLINE_VIDEO } from '../lib/inline-video';

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
    return attachHls(video, src, { live: true, autoplay: true, onFailed: () => setFailed(true) });
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
  return <video ref={ref} controls muted autoPlay playsInline {...WECHAT_INLINE_VIDEO} aria-label="直播画面" data-testid="live-video" />;
}
