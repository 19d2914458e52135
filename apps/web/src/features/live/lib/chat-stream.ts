import type { ChatEvent, ChatMessage } from '@app/contracts';

/** Splits server-sent-event text into complete events; returns them and the unfinished rest. */
export function parseSse(buffer: string): { events: { id?: string; event: string; data: string }[]; rest: string } {
  const events: { id?: string; event: string; data: string }[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ id, event, data: data.join('\n') });
  }
  return { events, rest };
}

export function toChatEvent(e: { event: string; data: string }): ChatEvent | null {
  try {
    if (e.event === 'message') return { type: 'message', message: JSON.parse(e.data) as ChatMessage };
    if (e.event === 'remove') return { type: 'remove', id: (JSON.parse(e.data) as { id: number }).id };
    if (e.event === 'pin') return { type: 'pin', message: JSON.parse(e.data) as ChatMessage | null };
  } catch {
    /* a malformed event is skipped */
  }
  return null;
}

/**
 * The chat stream over fetch (EventSource cannot send the token header). On a drop it reconnects after a
 * second with Last-Event-ID, so the server replays the messages missed meanwhile.
 */
export function openChatStream(opts: {
  url: string;
  token: string | null;
  onEvent: (e: ChatEvent) => void;
  onState: (s: 'connecting' | 'open' | 'closed') => void;
}): () => void {
  let lastId: string | undefined;
  let stopped = false;
  let ctrl: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (stopped) return;
    opts.onState('connecting');
    ctrl = new AbortController();
    try {
      const res = await fetch(opts.url, {
        headers: { accept: 'text/event-stream', ...(opts.token ? { token: opts.token } : {}), ...(lastId ? { 'last-event-id': lastId } : {}) },
        signal: ctrl.signal,
      });
      if (!res.ok || !res.body) throw new Error(`chat stream ${res.status}`);
      opts.onState('open');
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const { events, rest } = parseSse(buffer);
        buffer = rest;
        for (const e of events) {
          if (e.id) lastId = e.id;
          const ev = toChatEvent(e);
          if (ev) opts.onEvent(ev);
        }
      }
    } catch {
      /* dropped: reconnect below */
    }
    if (stopped) return;
    opts.onState('closed');
    timer = setTimeout(() => void connect(), 1000);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    ctrl?.abort();
  };
}

/** Applies a chat event to the shown list (dedupe by id; removals drop the message). */
export function applyChatEvent(list: ChatMessage[], e: ChatEvent): ChatMessage[] {
  if (e.type === 'message') return list.some((m) => m.id === e.message.id) ? list : [...list, e.message].slice(-300);
  if (e.type === 'remove') return list.filter((m) => m.id !== e.id);
  return list;
}

/** "2 天 03:04:05" until the start. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d} 天 ${hms}` : hms;
}
