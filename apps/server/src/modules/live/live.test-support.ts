import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { AdminLiveClass, ChatMessage, LiveClassBody } from '@app/contracts';
import type { App } from '../../lib/app-module';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';

const MIN = 60_000;

/** A class made through the staff API, starting `inMinutes` from the test clock. */
export async function makeClass(
  t: TestApp,
  staff: TestUser,
  opts: { inMinutes: number; minutes?: number; capacity?: number; access?: LiveClassBody['access']; title?: string },
): Promise<AdminLiveClass> {
  const body: LiveClassBody = {
    title: opts.title ?? '测试直播课',
    teacher: '测试老师',
    teacher_title: '',
    starts_at: new Date(t.clock.now().getTime() + opts.inMinutes * MIN).toISOString(),
    duration_minutes: opts.minutes ?? 60,
    description: '',
    capacity: opts.capacity ?? 100,
    access: opts.access ?? 'member_free',
    stream_url: '/media/live/demo/index.m3u8',
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/live', headers: staff.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A chat stream opened over real HTTP (inject cannot stream): collects events until closed. */
export async function openStream(app: App, classId: number, user: TestUser, lastEventId?: number) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const ctrl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/live/${classId}/chat/stream`, {
    headers: { ...user.headers, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: ctrl.signal,
  });
  const events: SseEvent[] = [];
  let ready = false;
  const waiters: (() => void)[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          if (block === ': ready') ready = true;
          const e: SseEvent = { event: 'message', data: '' };
          let has = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data = line.slice(6);
              has = true;
            }
          }
          if (has) events.push(e);
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const until = async (pred: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`stream: condition not met; events ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  await until(() => ready);
  return {
    status: res.status,
    events,
    messages: () => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as ChatMessage),
    until,
    close: () => ctrl.abort(),
  };
}
