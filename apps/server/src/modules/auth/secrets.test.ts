import { describe, expect, it } from 'vitest';
import { digestsEqual, generateSessionToken, generateSmsCode, hashSessionToken, hashSmsCode } from './secrets';

describe('session tokens', () => {
  it('are 256-bit base64url strings, different each time, stored as a 64-hex SHA-256', () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(a)).toBe(hashSessionToken(a));
    expect(hashSessionToken(a)).not.toContain(a);
  });
});

describe('sms codes', () => {
  it('are six digits and cover the whole range including leading zeros', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = generateSmsCode();
      expect(c).toMatch(/^\d{6}$/);
      seen.add(c[0]!);
    }
    expect(seen.has('0')).toBe(true);
    expect(seen.size).toBe(10);
  });

  it('hash differently for another phone or purpose and compare in constant time', () => {
    const h = hashSmsCode('13800138000', 'login', '123456');
    expect(digestsEqual(h, hashSmsCode('13800138000', 'login', '123456'))).toBe(true);
    expect(digestsEqual(h, hashSmsCode('13800138001', 'login', '123456'))).toBe(false);
    expect(digestsEqual(h, hashSmsCode('13800138000', 'register', '123456'))).toBe(false);
    expect(digestsEqual(h, hashSmsCode('13800138000', 'login', '123457'))).toBe(false);
    expect(digestsEqual(h, 'abc')).toBe(false);
  });
});
