import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppApis } from './notifier';

type NotifierModule = typeof import('./notifier');
let mod: NotifierModule;

beforeEach(async () => {
  vi.resetModules();
  mod = await import('./notifier');
});

function fakeApis() {
  const open = vi.fn();
  const apis = { message: { open }, modal: {}, notification: {} } as unknown as AppApis;
  return { apis, open };
}

describe('notifier', () => {
  it('queues a notice raised while no antd App is mounted, asks for the notice host once, and shows it on bind', () => {
    const listener = vi.fn();
    mod.noticeHost.subscribe(listener);
    expect(mod.noticeHost.wanted()).toBe(false);

    mod.notifier.error('接口异常');
    mod.notifier.error('网络状态不佳');
    expect(mod.noticeHost.wanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    const { apis, open } = fakeApis();
    mod.bindNotifier(apis);
    expect(open.mock.calls.map(([arg]) => (arg as { content: string }).content)).toEqual(['接口异常', '网络状态不佳']);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: '接口异常', key: 'error:接口异常' });
  });

  it('does not ask for the host when an antd App is mounted', () => {
    const { apis, open } = fakeApis();
    mod.bindNotifier(apis);
    mod.notifier.success('保存成功', { key: 'save' });
    expect(open).toHaveBeenCalledWith({ type: 'success', content: '保存成功', key: 'save' });
    expect(mod.noticeHost.wanted()).toBe(false);
  });

  it('shows notices in the most recently mounted App and falls back when it unmounts', () => {
    const host = fakeApis();
    const screen = fakeApis();
    mod.bindNotifier(host.apis);
    const unbindScreen = mod.bindNotifier(screen.apis);
    mod.notifier.info('A');
    expect(screen.open).toHaveBeenCalledTimes(1);
    expect(host.open).not.toHaveBeenCalled();

    unbindScreen();
    mod.notifier.info('B');
    expect(host.open).toHaveBeenCalledTimes(1);
    expect(mod.notifier.modal).toBe(host.apis.modal);
  });
});
