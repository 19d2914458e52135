import { App, Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LIVE_CHAT_MAX, LIVE_CHAT_STREAM_PATH, type ChatMessage } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { ReportButton } from '@/shared/ui/report-button';
import { liveApi } from '../api/live-api';
import { applyChatEvent, openChatStream } from '../lib/chat-stream';

/** The chat beside the player: messages pushed by the server (rendered as text), sending, and staff moderation. */
export function LiveChat({ classId, canSend, canModerate }: { classId: number; canSend: boolean; canModerate: boolean }) {
  const { message } = App.useApp();
  const token = useSessionStore((s) => s.token);
  const viewerId = useSessionStore((s) => s.user?.id ?? null);
  const [items, setItems] = useState<ChatMessage[]>([]);
  const [pinned, setPinned] = useState<ChatMessage | null>(null);
  const [state, setState] = useState<'connecting' | 'open' | 'closed'>('connecting');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const [typing, setTyping] = useState(false);

  // A phone's keyboard shrinks the visual viewport: keep the input in view above it while typing.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!typing || !viewport) return;
    const keepInView = () => formRef.current?.scrollIntoView({ block: 'nearest' });
    viewport.addEventListener('resize', keepInView);
    return () => viewport.removeEventListener('resize', keepInView);
  }, [typing]);

  useEffect(
    () =>
      openChatStream({
        url: LIVE_CHAT_STREAM_PATH.replace(':id', String(classId)),
        token,
        onState: setState,
        onEvent: (e) => {
          if (e.type === 'pin') setPinned(e.message);
          else {
            if (e.type === 'remove') setPinned((p) => (p?.id === e.id ? null : p));
            setItems((list) => applyChatEvent(list, e));
          }
        },
      }),
    [classId, token],
  );

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [items]);

  async function send() {
    const body = text.trim();
    if (!body) return;
    setSending(true);
    try {
      await liveApi.send(classId, body);
      setText('');
    } catch (err) {
      message.error(isApiError(err) ? err.message : '发送失败，请重试');
    } finally {
      setSending(false);
    }
  }

  return (
    <aside className="live-chat" aria-label="直播聊天">
      <div className="live-chat__head">
        <span>互动聊天</span>
        <span style={{ fontWeight: 400, fontSize: 12, color: '#6b7280' }}>{state === 'open' ? '已连接' : '连接中…'}</span>
      </div>
      {pinned && (
        <div className="live-chat__pinned" data-testid="chat-pinned">
          置顶提问 · {pinned.user_name}：{pinned.body}
          {canModerate && (
            <Button type="link" size="small" onClick={() => void liveApi.unpin(classId)}>
              取消置顶
            </Button>
          )}
        </div>
      )}
      <ul className="live-chat__list" ref={listRef} aria-label="聊天消息" aria-live="polite">
        {items.map((m) => (
          <li key={m.id} className="live-chat__msg">
            <span className={m.staff ? 'live-chat__name live-chat__name--staff' : 'live-chat__name'}>
              {m.user_name}
              {m.staff ? '（老师）' : ''}
            </span>
            <span>{m.body}</span>
            {token && !canModerate && viewerId !== null && m.user_id !== viewerId && (
              <ReportButton kind="chat" id={m.id} title="举报消息" className="live-chat__report" />
            )}
            {canModerate && (
              <span className="live-chat__tools">
                <Button type="link" size="small" onClick={() => void liveApi.pin(classId, m.id)}>
                  置顶
                </Button>
                <Button type="link" size="small" danger onClick={() => void liveApi.remove(classId, m.id)}>
                  删除
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {canSend ? (
        <div className="live-chat__form" ref={formRef}>
          <Input
            value={text}
            maxLength={LIVE_CHAT_MAX}
            placeholder="说点什么，或向老师提问"
            aria-label="发言内容"
            enterKeyHint="send"
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => void send()}
          />
          <Button type="primary" loading={sending} onClick={() => void send()}>
            发送
          </Button>
        </div>
      ) : (
        <div className="live-chat__form" style={{ color: '#6b7280' }}>
          直播进行中才能发言
        </div>
      )}
    </aside>
  );
}
