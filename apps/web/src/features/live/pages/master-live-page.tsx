import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LIVE_ACCESS_LABELS, type LiveClass, type LiveListQuery } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { chinaDateTime } from '@/shared/lib/china-time';
import { liveApi, liveKeys } from '../api/live-api';
import './live.css';

type Tab = LiveListQuery['tab'];

const PHASE: Record<LiveClass['phase'], { label: string; color: string }> = {
  upcoming: { label: '未开始', color: 'blue' },
  live: { label: '直播中', color: 'red' },
  ended: { label: '已结束', color: 'default' },
};

function ClassCard({ c }: { c: LiveClass }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: liveKeys.all });
  const fail = (err: unknown) => message.error(isApiError(err) ? err.message : '操作失败，请重试');
  const book = useMutation({ mutationFn: () => liveApi.book(c.id), onSuccess: () => (message.success('预约成功'), done()), onError: fail });
  const cancel = useMutation({ mutationFn: () => liveApi.cancel(c.id), onSuccess: () => (message.success('已取消预约'), done()), onError: fail });
  const full = c.booked_count >= c.capacity;
  return (
    <li className="live-card" data-testid="live-card">
      <div className="live-card__cover">
        <img src={c.cover_url} alt={`${c.title}封面`} width={480} height={270} loading="lazy" />
      </div>
      <div className="live-card__body">
        <div className="live-card__title">{c.title}</div>
        <div className="live-card__meta">
          主讲：{c.teacher}
          {c.teacher_title ? `（${c.teacher_title}）` : ''}
        </div>
        <div className="live-card__meta">
          {chinaDateTime(c.starts_at)} · {c.duration_minutes} 分钟
        </div>
        <div>
          <Tag color={PHASE[c.phase].color}>{PHASE[c.phase].label}</Tag>
          <Tag>{LIVE_ACCESS_LABELS[c.access]}</Tag>
          {c.phase !== 'ended' && (
            <span className="live-card__meta">
              已预约 {c.booked_count}/{c.capacity}
            </span>
          )}
        </div>
        <div className="live-card__actions">
          {c.phase === 'upcoming' && !c.booked && (
            <Button type="primary" loading={book.isPending} disabled={full} onClick={() => book.mutate()}>
              {full ? '名额已满' : '预约'}
            </Button>
          )}
          {c.phase === 'upcoming' && c.booked && (
            <>
              <Tag color="green">已预约</Tag>
              <Popconfirm title="确定取消预约？" okText="取消预约" cancelText="再想想" onConfirm={() => cancel.mutateAsync()}>
                <Button>取消预约</Button>
              </Popconfirm>
            </>
          )}
          {(c.booked || c.access === 'free' || c.phase === 'ended') && (
            <Link to={`/center/master-live/${c.id}`}>
              <Button type={c.phase === 'live' ? 'primary' : 'default'}>
                {c.phase === 'ended' ? (c.has_replay ? '观看回放' : '查看详情') : '进入直播间'}
              </Button>
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

/** /center/master-live: upcoming classes with booking, my bookings, past classes with replays. */
export default function MasterLivePage() {
  const [tab, setTab] = useState<Tab>('upcoming');
  const isPhone = useIsPhone();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: liveKeys.list(tab),
    queryFn: () => liveApi.list(tab),
    placeholderData: keepPreviousData,
  });
  const quota = data?.quota ? (
    <span className="live-quota" data-testid="live-quota">
      本会员年度免费直播：已用 {data.quota.used} / {data.quota.limit} 次
    </span>
  ) : data && !data.is_member ? (
    <Link to="/payment?type=buyVip">开通会员，每年免费观看 6 场名师直播</Link>
  ) : null;
  return (
    <section>
      {/* On a phone the quota sits above the tabs: beside them it would squeeze the tabs into a "more" menu. */}
      {isPhone && quota && <div className="live-quota-line">{quota}</div>}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={[
          { key: 'upcoming', label: '即将开始' },
          { key: 'mine', label: '我的预约' },
          { key: 'past', label: '往期回放' },
        ]}
        tabBarExtraContent={isPhone ? undefined : quota}
      />
      {isError ? (
        <Empty description="直播列表加载失败">
          <Button onClick={() => refetch()}>重试</Button>
        </Empty>
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.items.length === 0 ? (
        <Empty description={tab === 'mine' ? '还没有预约直播课' : '暂无直播课'} />
      ) : (
        <ul className="live-list">
          {data.items.map((c) => (
            <ClassCard key={c.id} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
