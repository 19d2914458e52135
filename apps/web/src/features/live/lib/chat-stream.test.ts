import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@app/contracts';
import { applyChatEvent, countdown, parseSse } from './chat-stream';

const msg = (id: number): ChatMessage => ({ id, user_id: 9, user_name: '学员', body: `第${id}条`, created_at: '2026-01-01T00:00:00.000Z', staff: false });

describe('parseSse', () => {
  it('parses complete events, skips comments and keeps the unfinished rest', () => {
    const text = `retry: 1000\n\n: keepalive\n\nid: 7\nevent: message\ndata: {"id":7}\n\nevent: remove\ndata: {"id":3}\n\nid: 8\nevent: mess`;
    const { events, rest } = parseSse(text);
    expect(events).toEqual([
      { id: '7', event: 'message', data: '{"id":7}' },
      { id: undefined, event: 'remove', data: '{"id":3}' },
    ]);
    expect(rest).toBe('id: 8\nevent: mess');
  });
});

describe('applyChatEvent', () => {
  it('adds a message once, and removes a removed one', () => {
    let list = applyChatEvent([], { type: 'message', message: msg(1) });
    list = applyChatEvent(list, { type: 'message', message: msg(1) });
    list = applyChatEvent(list, { type: 'message', message: msg(2) });
    expect(list.map((m) => m.id)).toEqual([1, 2]);
    expect(applyChatEvent(list, { type: 'remove', id: 1 }).map((m) => m.id)).toEqual([2]);
  });
});

describe('countdown', () => {
  it('shows days and a clock until the start, never negative', () => {
    expect(countdown(90_061_000)).toBe('1 天 01:01:01');
    expect(countdown(61_000)).toBe('00:01:01');
    expect(countdown(-5)).toBe('00:00:00');
  });
});
