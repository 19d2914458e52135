import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeRedirectPath('/center/message?page=2')).toBe('/center/message?page=2');
  });
  it('falls back to home when missing', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
  });
  it('rejects protocol-relative and absolute URLs to other sites', () => {
    expect(safeRedirectPath('//evil.com')).toBe('/');
    expect(safeRedirectPath('/\\evil.com')).toBe('/');
    expect(safeRedirectPath('https://evil.com/x')).toBe('/');
    expect(safeRedirectPath('/\t/evil.com')).toBe('/');
  });
});
