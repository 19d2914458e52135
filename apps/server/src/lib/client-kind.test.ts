import { describe, expect, it } from 'vitest';
import { clientKindOf } from './client-kind';

describe('clientKindOf', () => {
  it('tells WeChat, Alipay, phone and desk browsers apart', () => {
    expect(
      clientKindOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      ),
    ).toBe('wechat');
    expect(
      clientKindOf(
        'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/101.0.4951.74 Mobile Safari/537.36 AlipayClient/10.5.36.8000',
      ),
    ).toBe('alipay');
    expect(
      clientKindOf(
        'Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('phone');
    expect(
      clientKindOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'),
    ).toBe('desk');
    expect(clientKindOf(undefined)).toBe('desk');
  });
});
