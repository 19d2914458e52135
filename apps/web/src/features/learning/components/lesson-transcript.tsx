import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Skeleton } from 'antd';
import { Fragment, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LessonSubtitleTrack } from '@app/contracts';
import type { PlaybackClock } from '../lib/playback-clock';
import { activeCueIndex, cueClock, parseVttCues, type TranscriptCue } from '../lib/vtt-cues';
import './lesson-transcript.css';

async function loadCues(url: string): Promise<TranscriptCue[]> {
  // The URL is signed for this learner and lesson, like the video's: no token header needed.
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`subtitles ${res.status}`);
  return parseVttCues(await res.text());
}

/** `text` with every occurrence of `query` marked (case-insensitive). */
function Marked({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const lower = text.toLowerCase();
  const q = query.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(q); at >= 0; at = lower.indexOf(q, from)) {
    parts.push(<Fragment key={`t${from}`}>{text.slice(from, at)}</Fragment>, <mark key={`m${at}`}>{text.slice(at, at + q.length)}</mark>);
    from = at + q.length;
  }
  parts.push(<Fragment key="rest">{text.slice(from)}</Fragment>);
  return <>{parts}</>;
}

export interface LessonTranscriptProps {
  track: LessonSubtitleTrack;
  /** The player's position (the line playing is highlighted and kept in view). */
  clock: PlaybackClock;
  /** Seeks the video to a line's start. */
  onSeek(seconds: number): void;
}

/**
 * 文稿: every caption line of the lesson with its time, the one playing highlighted and scrolled into view inside the
 * panel (never the page), each line a button that seeks the video there, and a search that filters and marks lines.
 */
export function LessonTranscript({ track, clock, onSeek }: LessonTranscriptProps) {
  const cues = useQuery({ queryKey: ['learning', 'transcript', track.url], queryFn: () => loadCues(track.url), staleTime: Infinity });
  const [query, setQuery] = useState('');
  const list = useMemo(() => cues.data ?? [], [cues.data]);
  const active = useSyncExternalStore(clock.subscribe, () => activeCueIndex(list, clock.get()));
  const q = query.trim();
  const shown = useMemo(
    () => list.map((cue, index) => ({ cue, index })).filter(({ cue }) => !q || cue.text.toLowerCase().includes(q.toLowerCase())),
    [list, q],
  );
  const boxRef = useRef<HTMLOListElement>(null);
  const searchId = useId();

  // The line playing stays in view inside the panel (scrolling the panel only, so the page never jumps).
  useEffect(() => {
    const box = boxRef.current;
    const item = box?.querySelector<HTMLElement>('.transcript__line.is-active');
    if (!box || !item) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: 'smooth' });
    }
  }, [active, q]);

  if (cues.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (cues.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="文稿加载失败">
        <Button onClick={() => void cues.refetch()}>重新加载</Button>
      </Empty>
    );

  return (
    <section className="transcript" aria-label="文稿">
      <label className="transcript__search-label" htmlFor={searchId}>
        搜索文稿
      </label>
      <Input
        id={searchId}
        className="transcript__search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="输入关键词查找文稿"
        prefix={<SearchOutlined aria-hidden />}
        aria-describedby={`${searchId}-count`}
      />
      <p id={`${searchId}-count`} className="transcript__count" aria-live="polite">
        {q ? (shown.length ? `找到 ${shown.length} 句` : '没有找到相关内容') : `共 ${list.length} 句，点击任一句跳转播放`}
      </p>
      <ol ref={boxRef} className="transcript__list">
        {shown.map(({ cue, index }) => (
          <li key={index}>
            <button
              type="button"
              className={`transcript__line${index === active ? ' is-active' : ''}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => onSeek(cue.start)}
            >
              <span className="transcript__time">{cueClock(cue.start)}</span>
              <span className="transcript__text">
                <Marked text={cue.text} query={q} />
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
