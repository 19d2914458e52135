import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Bridge from non-React code (the HTTP client, the lazy-route loader) to antd's context-aware
 * message/modal/notification APIs. antd's static `message` cannot read ConfigProvider theme or locale,
 * so <NotifierBridge/> (inside antd <App>, see app/antd-scope) hands the `App.useApp()` instances over here.
 *
 * antd is not part of every first load: screens such as home render without it. A notice raised while no
 * antd App is mounted is queued and the notifier asks for a notice host (`noticeHost`); the app shell then
 * loads antd's scope on demand and mounts it, and the queued notices are shown by it (same position, 120 px
 * from the top, same theme).
 */
export type NoticeLevel = 'error' | 'warning' | 'success' | 'info';

export interface NoticeOptions {
  /** Notices with the same key replace each other instead of stacking. */
  key?: string;
}

export interface AppApis {
  message: MessageInstance;
  modal: ModalHookAPI;
  notification: NotificationInstance;
}

/** Mounted antd Apps, innermost last: the most recently mounted one shows notices. */
const bound: AppApis[] = [];
/** Notices raised while no antd App is mounted (e.g. an API error on home, a request during bootstrap). */
const pending: Array<{ level: NoticeLevel; text: string; options?: NoticeOptions }> = [];

let hostWanted = false;
const hostListeners = new Set<() => void>();

function current(): AppApis | null {
  return bound[bound.length - 1] ?? null;
}

/** Registers an antd App's APIs; returns the unbind function (call it on unmount). */
export function bindNotifier(apis: AppApis): () => void {
  bound.push(apis);
  for (const item of pending.splice(0)) show(item.level, item.text, item.options);
  return () => {
    const i = bound.lastIndexOf(apis);
    if (i >= 0) bound.splice(i, 1);
  };
}

/**
 * Whether some notice is waiting for antd: the app renders a standalone antd App (the notice host) once this
 * turns true. It stays true, so a later notice finds the host mounted. Shaped for useSyncExternalStore.
 */
export const noticeHost = {
  subscribe(listener: () => void): () => void {
    hostListeners.add(listener);
    return () => hostListeners.delete(listener);
  },
  wanted(): boolean {
    return hostWanted;
  },
};

function requestHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of [...hostListeners]) listener();
}

let muted = false;

/** No notices at all: a server-side render shows none, and must not queue them for a host that never mounts. */
export function muteNotices(): void {
  muted = true;
}

function show(level: NoticeLevel, text: string, options?: NoticeOptions): void {
  if (muted) return;
  const apis = current();
  if (!apis) {
    pending.push({ level, text, options });
    requestHost();
    return;
  }
  // Identical texts share a key: five failing calls during one outage show one notice, not five.
  apis.message.open({ type: level, content: text, key: options?.key ?? `${level}:${text}` });
}

export const notifier = {
  error: (text: string, options?: NoticeOptions) => show('error', text, options),
  warning: (text: string, options?: NoticeOptions) => show('warning', text, options),
  success: (text: string, options?: NoticeOptions) => show('success', text, options),
  info: (text: string, options?: NoticeOptions) => show('info', text, options),
  /** The antd modal API (confirm dialogs); null while no antd App is mounted (e.g. on home before any notice). */
  get modal(): ModalHookAPI | null {
    return current()?.modal ?? null;
  },
  get notification(): NotificationInstance | null {
    return current()?.notification ?? null;
  },
};

export type Notifier = Pick<typeof notifier, 'error' | 'warning' | 'success' | 'info'>;
