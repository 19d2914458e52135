import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import type { LessonSubtitleTrack } from '@app/contracts';
import { MAX_PLAYBACK_RATE } from '@app/contracts/learning/learning.rules';
import { captionsWanted, rememberCaptions } from '../lib/captions-preference';
import { createProgressReporter, type ProgressReport } from '../lib/progress-reporter';
import { attachHls, isHlsUrl } from '@/shared/lib/hls';
import { WECHAT_INLINE_VIDEO } from '@/shared/lib/inline-video';
import './lesson-video.css';

/** Playback speeds offered up to the course's fastest (never above 2: the learner must still follow the lesson). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export { MAX_PLAYBACK_RATE };

export interface LessonVideoHandle {
  /** Jumps to `seconds` (notes panel) and keeps playing if it was playing. */
  seek(seconds: number): void;
  currentTime(): number;
  element(): HTMLVideoElement | null;
  /** Sends a progress report of the present state now (a presence check falling due or answered). */
  reportNow(): void;
  /** True when the video is playing. */
  isPlaying(): boolean;
  pause(): void;
  /** Resumes playback (muted playback is the browser's affair); false when the browser refused. */
  play(): Promise<boolean>;
}

export interface LessonVideoProps {
  src: string;
  poster?: string | undefined;
  /** Resume position in seconds (last reported position). */
  startAt: number;
  /** Ordinary progress report. */
  onReport(report: ProgressReport): void;
  /** Report on page hide, by navigator.sendBeacon. */
  onBeacon(report: ProgressReport): boolean;
  onEnded?(): void;
  /** Position and duration as the video plays (for the progress bar and note time stamps). */
  onTime?(currentTime: number, duration: number): void;
  /** The course's fastest credited rate; faster speeds are not offered (default MAX_PLAYBACK_RATE). */
  maxRate?: number;
  /** Drawn over the video, inside the player, so it shows in full screen too (the presence check). */
  overlay?: ReactNode;
  /** Caption tracks (WebVTT); the first shows unless the learner turned captions off (remembered per browser). */
  subtitles?: LessonSubtitleTrack[];
}


type FullscreenVideo = HTMLVideoElement & {
  webkitEnterFullscreen?: () => void;
  webkitExitFullscreen?: () => void;
};
type LockableOrientation = ScreenOrientation & {
  lock?: (o: 'landscape') => Promise<void>;
  unlock?: () => void;
};

function orientation(): LockableOrientation | undefined {
  return typeof screen !== 'undefined' ? (screen.orientation as LockableOrientation | undefined) : undefined;
}

function mediaState(video: HTMLVideoElement) {
  return {
    currentTime: video.currentTime,
    paused: video.paused,
    visible: document.visibilityState === 'visible',
  };
}

/** HTML5 video (MP4, or HLS through hls.js) with resume, a speed switch (0.75-2x) and progress reports (see progress-reporter.ts). */
export const LessonVideo = forwardRef<LessonVideoHandle, LessonVideoProps>(function LessonVideo(
  { src, poster, startAt, onReport, onBeacon, onEnded, onTime, maxRate = MAX_PLAYBACK_RATE, overlay, subtitles = [] },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [rate, setRate] = useState(1);
  /** 'api': the Fullscreen API holds the player; 'css': the page's own full-viewport fallback (no API). */
  const [fullscreen, setFullscreen] = useState<false | 'api' | 'css'>(false);
  const reporterRef = useRef<ReturnType<typeof createProgressReporter> | null>(null);
  // Callbacks change identity on every render of the page; the reporter is built once per source.
  const callbacks = useRef({ onReport, onBeacon, onEnded, onTime });
  useLayoutEffect(() => {
    callbacks.current = { onReport, onBeacon, onEnded, onTime };
  });

  useImperativeHandle(ref, () => ({
    seek(seconds) {
      const video = videoRef.current;
      if (video) video.currentTime = Math.max(0, seconds);
    },
    currentTime: () => videoRef.current?.currentTime ?? 0,
    element: () => videoRef.current,
    reportNow() {
      const video = videoRef.current;
      if (video) reporterRef.current?.reportNow(mediaState(video));
    },
    isPlaying: () => {
      const video = videoRef.current;
      return !!video && !video.paused && !video.ended;
    },
    pause: () => videoRef.current?.pause(),
    async play() {
      const video = videoRef.current;
      if (!video) return false;
      return video.play().then(
        () => true,
        () => false,
      );
    },
  }));

  // Transcoded lessons are HLS (hls.js, loaded lazily); older lessons are MP4 files played directly.
  const hls = isHlsUrl(src);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hls) return;
    return attachHls(video, src, { ownCaptions: true });
  }, [src, hls]);

  // Captions: our <track> elements alone are shown (the first one while captions are on; 'hidden' otherwise, so the
  // cues stay loaded). A text track the stream brings itself (the HLS subtitles rendition under Safari's own HLS) is
  // disabled, so the same lines never show twice.
  const [captions, setCaptions] = useState(captionsWanted);
  const captionsRef = useRef(captions);
  useLayoutEffect(() => {
    captionsRef.current = captions;
  });
  const trackKey = subtitles.map((t) => t.url).join(' ');
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !trackKey) return;
    const list = video.textTracks as TextTrackList | undefined;
    if (!list) return;
    const ours = () => Array.from(video.querySelectorAll('track'), (t) => t.track);
    const apply = () => {
      const own = ours();
      for (const track of Array.from(list)) {
        const i = own.indexOf(track);
        const want: TextTrackMode = i < 0 ? 'disabled' : i === 0 && captionsRef.current ? 'showing' : 'hidden';
        if (track.mode !== want) track.mode = want;
      }
    };
    // The video's own captions menu (Chrome's controls) turns our track on or off: follow it.
    const onChange = () => {
      const first = ours()[0];
      if (!first) return;
      const showing = first.mode === 'showing';
      if (showing !== captionsRef.current) {
        rememberCaptions(showing);
        setCaptions(showing);
      } else apply();
    };
    apply();
    // jsdom's list has no events.
    if (typeof list.addEventListener !== 'function') return;
    list.addEventListener('addtrack', apply);
    list.addEventListener('change', onChange);
    return () => {
      list.removeEventListener('addtrack', apply);
      list.removeEventListener('change', onChange);
    };
  }, [trackKey, captions]);

  function toggleCaptions() {
    rememberCaptions(!captions);
    setCaptions(!captions);
  }

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const reporter = createProgressReporter({
      now: () => performance.now(),
      send: (r) => callbacks.current.onReport(r),
      beacon: (r) => callbacks.current.onBeacon(r),
      maxRate,
    });
    reporterRef.current = reporter;
    let resumed = false;
    /** The resume jump is not a learner's seek: its `seeked` is not reported. */
    let ignoreSeek = false;
    const resume = () => {
      if (resumed) return;
      resumed = true;
      // A finished lesson starts again from the beginning instead of sitting on its last frame.
      const nearEnd = Number.isFinite(video.duration) && startAt >= video.duration - 3;
      if (startAt > 0 && !nearEnd) {
        ignoreSeek = true;
        video.currentTime = startAt;
      }
    };
    const on: Record<string, () => void> = {
      loadedmetadata: resume,
      timeupdate: () => {
        reporter.timeUpdate(mediaState(video));
        callbacks.current.onTime?.(video.currentTime, video.duration);
      },
      play: () => reporter.play(mediaState(video)),
      pause: () => {
        // The pause that precedes `ended` is reported by `ended` itself.
        if (!video.ended) reporter.pause(mediaState(video));
      },
      seeking: () => reporter.seeking(mediaState(video)),
      seeked: () => {
        if (ignoreSeek) {
          ignoreSeek = false;
          return;
        }
        reporter.seeked(mediaState(video));
      },
      ended: () => {
        reporter.ended(mediaState(video));
        callbacks.current.onEnded?.();
      },
      ratechange: () => {
        if (video.playbackRate > maxRate) video.playbackRate = maxRate;
        setRate(video.playbackRate);
      },
    };
    for (const [name, fn] of Object.entries(on)) video.addEventListener(name, fn);
    if (video.readyState >= 1) resume();
    // A locked phone, another app in front, a frozen or cached page: crediting stops at once (progress-reporter.ts).
    const onVisibility = () => reporter.visibility(mediaState(video));
    const onPageHide = () => reporter.pageHide(mediaState(video));
    const onFreeze = () => reporter.freeze(mediaState(video));
    const onResume = () => reporter.resume(mediaState(video));
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('freeze', onFreeze);
    document.addEventListener('resume', onResume);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onResume);
    return () => {
      for (const [name, fn] of Object.entries(on)) video.removeEventListener(name, fn);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('freeze', onFreeze);
      document.removeEventListener('resume', onResume);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onResume);
      // Leaving the lesson inside the app (next lesson, another page): keep what was studied.
      reporter.pageHide({ ...mediaState(video), visible: document.visibilityState === 'visible' });
      if (reporterRef.current === reporter) reporterRef.current = null;
    };
  }, [src, startAt, maxRate]);

  // The Fullscreen API's own exits (Esc, the system back gesture) end the state too, and free the orientation.
  useEffect(() => {
    const onChange = () => {
      const inside = document.fullscreenElement !== null && document.fullscreenElement === boxRef.current;
      setFullscreen((f) => (inside ? 'api' : f === 'api' ? false : f));
      if (!inside) orientation()?.unlock?.();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The page's fallback leaves with Esc as the API does.
  useEffect(() => {
    if (fullscreen !== 'css') return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullscreen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  /** Full screen by the Fullscreen API (turned to landscape where the browser allows), iOS's video player, or CSS. */
  async function toggleFullscreen() {
    const box = boxRef.current;
    const video = videoRef.current as FullscreenVideo | null;
    if (!box || !video) return;
    if (fullscreen === 'css') return setFullscreen(false);
    if (fullscreen === 'api') {
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
      return setFullscreen(false);
    }
    if (typeof box.requestFullscreen === 'function' && document.fullscreenEnabled !== false) {
      try {
        await box.requestFullscreen({ navigationUI: 'hide' });
        await orientation()
          ?.lock?.('landscape')
          .catch(() => undefined);
        return;
      } catch {
        // Refused (an embedding browser without the API's permission): the page's own full screen below.
      }
    }
    if (typeof video.webkitEnterFullscreen === 'function' && !('requestFullscreen' in box)) {
      // iPhone Safari: only the video element goes full screen, in the system's player (it returns inline on exit).
      video.webkitEnterFullscreen();
      return;
    }
    setFullscreen('css');
  }

  function changeRate(next: number) {
    const video = videoRef.current;
    if (video) video.playbackRate = Math.min(next, maxRate);
    setRate(next);
  }

  return (
    <div
      ref={boxRef}
      className={`lesson-video${fullscreen ? ' is-fullscreen' : ''}${fullscreen === 'css' ? ' is-page-fullscreen' : ''}`}
    >
      <video
        ref={videoRef}
        className="lesson-video__media"
        src={hls ? undefined : src}
        poster={poster}
        controls
        controlsList="nodownload noplaybackrate"
        disablePictureInPicture
        preload="metadata"
        playsInline
        {...WECHAT_INLINE_VIDEO}
        aria-label="课程视频"
      >
        {subtitles.map((t, i) => (
          <track key={t.url} kind="captions" src={t.url} srcLang={t.lang} label={t.label} default={i === 0 && captions} />
        ))}
      </video>
      {overlay}
      <div className="lesson-video__bar">
        <div className="lesson-video__rates" role="group" aria-label="播放速度">
          <span className="lesson-video__rates-label">倍速</span>
          {PLAYBACK_RATES.filter((r) => r <= maxRate).map((r) => (
            <button
              key={r}
              type="button"
              className={`lesson-video__rate${r === rate ? ' is-active' : ''}`}
              aria-pressed={r === rate}
              onClick={() => changeRate(r)}
            >
              {r}x
            </button>
          ))}
        </div>
        {subtitles.length > 0 && (
          <button
            type="button"
            className={`lesson-video__captions${captions ? ' is-active' : ''}`}
            aria-pressed={captions}
            aria-label="显示字幕"
            onClick={toggleCaptions}
          >
            字幕
          </button>
        )}
        <button
          type="button"
          className="lesson-video__fullscreen"
          onClick={() => void toggleFullscreen()}
        >
          {fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
          <span className="lesson-video__fullscreen-text">{fullscreen ? '退出全屏' : '全屏'}</span>
        </button>
      </div>
    </div>
  );
});
