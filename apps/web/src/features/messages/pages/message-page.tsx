import { Badge, Button, Card, Collapse, Empty, Pagination, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, type Message } from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useMarkMessagesRead, useMessages } from '../api/use-messages';
import './message-page.css';

type Filter = 'all' | 'unread' | 'read';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

function filterOf(raw: string | null): Filter {
  return raw === 'unread' || raw === 'read' ? raw : 'all';
}

function MessageLabel({ message }: { message: Message }) {
  return (
    <div className={`message-item__head${message.is_read ? ' is-read' : ''}`}>
      <span className="message-item__title">
        {!message.is_read && <Badge status="processing" aria-label="未读" />}
        {message.title}
      </span>
      <time dateTime={message.created_at}>{chinaDateTime(message.created_at)}</time>
    </div>
  );
}

/** /center/message: paged list (unread first), filter 全部/未读/已读; opening a message marks it read; 全部已读. */
export default function MessagePage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { page, per: DEFAULT_PER_PAGE, ...(filter === 'all' ? {} : { status: filter }) };
  const messages = useMessages(query);
  const markRead = useMarkMessagesRead();
  const [open, setOpen] = useState<string[]>([]);

  function update(next: { status?: Filter; page?: number }) {
    const p = new URLSearchParams(params);
    const status = next.status ?? filter;
    if (status === 'all') p.delete('status');
    else p.set('status', status);
    const nextPage = next.page ?? 1;
    if (nextPage === 1) p.delete('page');
    else p.set('page', String(nextPage));
    setOpen([]);
    setParams(p, { replace: true });
  }

  function onOpenChange(keys: string | string[]) {
    const list = Array.isArray(keys) ? keys : [keys];
    const opened = list.filter((k) => !open.includes(k));
    setOpen(list);
    for (const key of opened) {
      const msg = messages.data?.list.find((m) => String(m.id) === key);
      if (msg && !msg.is_read) markRead.mutate({ id: msg.id });
    }
  }

  const unread = messages.data?.unread ?? 0;
  let body;
  if (messages.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (messages.isError) body = <Empty description="消息加载失败" />;
  else if (messages.data.list.length === 0)
    body = <Empty description={filter === 'unread' ? '没有未读消息' : '暂无消息'} />;
  else
    body = (
      <>
        <Collapse
          className="message-list"
          activeKey={open}
          onChange={onOpenChange}
          items={messages.data.list.map((m) => ({
            key: String(m.id),
            label: <MessageLabel message={m} />,
            children: <div className="message-item__content">{m.content}</div>,
          }))}
        />
        {messages.data.total > messages.data.per && (
          <Pagination
            className="message-pagination"
            current={messages.data.page}
            pageSize={messages.data.per}
            total={messages.data.total}
            showSizeChanger={false}
            onChange={(p) => update({ page: p })}
          />
        )}
      </>
    );

  return (
    <Card
      className="message-page"
      variant="borderless"
      title={
        <span>
          消息中心
          {unread > 0 && <span className="message-page__unread">（{unread}条未读）</span>}
        </span>
      }
      extra={
        <Button
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          onClick={() => markRead.mutate({ all: true })}
        >
          全部已读
        </Button>
      }
    >
      <Segmented
        aria-label="消息筛选"
        className="message-page__filter"
        value={filter}
        options={FILTERS}
        onChange={(v) => update({ status: v as Filter })}
      />
      {body}
    </Card>
  );
}
