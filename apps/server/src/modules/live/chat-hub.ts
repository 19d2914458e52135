import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ChatEvent } from '@app/contracts';
import type { Db } from '../../db/client';

/** The PostgreSQL channel every server process listens on. */
export const CHAT_CHANNEL = 'live_chat';

type Listener = (event: ChatEvent) => void;
interface Notice {
  c: number;
  e: ChatEvent;
}

/** Publishes an event of a class to every process (through `tx` to deliver it only if the write commits). */
export async function publishChatEvent(db: Pick<Db, 'execute'>, classId: number, event: ChatEvent): Promise<void> {
  const notice: Notice = { c: classId, e: event };
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** The two drivers' LISTEN: PGlite's in-process `listen`, or a dedicated node-postgres client. */
interface PgliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Chat fan-out through PostgreSQL LISTEN/NOTIFY: a message is published with `pg_notify` (inside the writer's
 * transaction when given, so it is delivered only if the write commits) and every process listening on the
 * channel hands it to its own connected viewers. Process memory alone never carries a message from a sender to a
 * viewer: on PostgreSQL, viewers on other processes receive it too.
 */
export function createChatHub(db: Db, log: { warn(obj: object, msg: string): void }) {
  const rooms = new Map<number, Set<Listener>>();
  let started: Promise<void> | undefined;
  let stop: (() => Promise<void>) | undefined;
  let closed = false;

  function dispatch(payload: string) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    for (const fn of rooms.get(notice.c) ?? []) {
      try {
        fn(notice.e);
      } catch (err) {
        log.warn({ err }, 'live chat listener failed');
      }
    }
  }

  async function listenPg(pool: pg.Pool) {
    // LISTEN holds its connection for good: a dedicated client, not one of the pool's.
    const connect = async (): Promise<void> => {
      const client = new pg.Client(pool.options);
      client.on('notification', (n) => n.channel === CHAT_CHANNEL && n.payload && dispatch(n.payload));
      client.on('error', (err) => {
        log.warn({ err }, 'live chat listener connection lost; reconnecting');
        void client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 500);
      });
      await client.connect();
      await client.query(`LISTEN ${CHAT_CHANNEL}`);
      stop = async () => {
        await client.end().catch(() => undefined);
      };
    };
    await connect();
  }

  function start(): Promise<void> {
    started ??= (async () => {
      const client = (db as unknown as { $client?: unknown }).$client;
      if (client instanceof pg.Pool) return listenPg(client);
      if (client && typeof (client as PgliteLike).listen === 'function') {
        stop = await (client as PgliteLike).listen(CHAT_CHANNEL, dispatch);
        return;
      }
      throw new Error('live chat: the database driver has no LISTEN');
    })();
    return started;
  }

  return {
    /** Starts listening (once); resolves when this process receives the channel's notifications. */
    start,
    /** Adds a viewer of a class; returns the function that removes it. */
    async subscribe(classId: number, fn: Listener): Promise<() => void> {
      await start();
      let set = rooms.get(classId);
      if (!set) rooms.set(classId, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0 && rooms.get(classId) === set) rooms.delete(classId);
      };
    },
    /** Publishes an event of a class to every process (through `tx` to deliver it only if the write commits). */
    async publish(classId: number, event: ChatEvent, tx?: Pick<Db, 'execute'>): Promise<void> {
      await publishChatEvent(tx ?? db, classId, event);
    },
    viewers(classId: number): number {
      return rooms.get(classId)?.size ?? 0;
    },
    async close(): Promise<void> {
      closed = true;
      rooms.clear();
      if (started) await started.catch(() => undefined);
      await stop?.();
    },
  };
}
export type ChatHub = ReturnType<typeof createChatHub>;
