import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { LiveRoom } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { chinaDateTime } from '@/shared/lib/china-time';
import { liveApi, liveKeys } from '../api/live-api';
import { HlsPlayer } from '../components/hls-player';
import { LiveChat } from '../components/live-chat';
import { countdown } from '../lib/chat-stream';
import { WECHAT_INLINE_VIDEO } from '@/shared/lib/inline-video';
import './live.css';

/** Milliseconds until `iso` by the server's clock (the offset measured when the room was loaded). */
function useServerCountdown(room: LiveRoom, loadedAt: number) {
  const offset = new Date(room.server_now).getTime() - loadedAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return (iso: string) => new Date(iso).getTime() - (now + offset);
}

function Room({ room, loadedAt }: { room: LiveRoom; loadedAt: number }) {
  const qc = useQueryClient();
  const until = useServerCountdown(room, loadedAt);
  const toStart = until(room.starts_at);
  const toEnd = until(room.ends_at);
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: liveKeys.room(room.id) }), [qc, room.id]);

  // The phase changes at the start and at the end: reload the room to get the stream, then the replay.
  useEffect(() => {
    if ((room.phase === 'upcoming' && toStart <= 0) || (room.phase === 'live' && toEnd <= 0)) refetch();
  }, [room.phase, toStart, toEnd, refetch]);

  const onWatched = useCallback((s: number) => void liveApi.attend(room.id, s).catch(() => undefined), [room.id]);

  let stage;
  if (!room.entitled) {
    const ended = room.phase === 'ended';
    stage = (
      <div className="live-room__countdown" data-testid="live-locked">
        <p>{ended ? '开通会员即可观看往期直播回放' : room.phase === 'live' ? '直播进行中，仅限已预约的学员观看' : '预约后即可在开播时观看'}</p>
        <Link to={ended ? '/payment?type=buyVip' : '/center/master-live'}>
          <Button type="primary">{ended ? '开通会员' : room.phase === 'live' ? '返回名师直播' : '去预约'}</Button>
        </Link>
      </div>
    );
  } else if (room.phase === 'upcoming') {
    stage = (
      <div className="live-room__countdown" data-testid="live-countdown">
        距离开播还有
        <strong>{countdown(toStart)}</strong>
      </div>
    );
  } else if (room.phase === 'live') {
    stage = room.stream_url ? <HlsPlayer src={room.stream_url} onWatched={onWatched} /> : <div>直播流尚未就绪，请稍候</div>;
  } else {
    stage = room.replay_url ? (
      <video src={room.replay_url} controls playsInline {...WECHAT_INLINE_VIDEO} aria-label="直播回放" data-testid="replay-video" />
    ) : (
      <div>直播已结束，回放整理中</div>
    );
  }

  return (
    <div className="live-room">
      <div className="live-room__main">
        <div className="live-room__stage">{stage}</div>
        <div className="live-room__info">
          <h2 style={{ margin: '0 0 6px' }}>
            {room.title}{' '}
            {room.phase === 'live' && <Tag color="red">直播中</Tag>}
            {room.phase === 'ended' && <Tag>已结束</Tag>}
          </h2>
          <div style={{ color: '#4b5563' }}>
            主讲：{room.teacher}
            {room.teacher_title ? `（${room.teacher_title}）` : ''} · {chinaDateTime(room.starts_at)} ·{' '}
            {room.duration_minutes} 分钟
            {room.watched_seconds > 0 && ` · 已观看 ${Math.floor(room.watched_seconds / 60)} 分钟`}
          </div>
          {room.phase === 'ended' && room.replay_course_id && (
            <p>
              <Link to={`/train/detail/${room.replay_course_id}`}>在课程中心学习本场回放（计入学习时长）</Link>
            </p>
          )}
          <p style={{ whiteSpace: 'pre-wrap' }}>{room.description}</p>
        </div>
      </div>
      {room.entitled && <LiveChat classId={room.id} canSend={room.phase === 'live'} canModerate={room.can_moderate} />}
    </div>
  );
}

/** /center/master-live/:liveId: countdown before the start, the live stream and chat, then the replay. */
export default function LiveRoomPage() {
  const { liveId } = useParams();
  const id = Number(liveId);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({
    queryKey: liveKeys.room(id),
    queryFn: async () => ({ room: await liveApi.room(id), loadedAt: Date.now() }),
    enabled: valid,
    retry: false,
  });
  if (!valid || q.isError)
    return (
      <Result
        status="404"
        title={q.isError && isApiError(q.error) ? q.error.message : '直播课不存在'}
        extra={<Link to="/center/master-live">返回名师直播</Link>}
      />
    );
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <Room room={q.data.room} loadedAt={q.data.loadedAt} />;
}
