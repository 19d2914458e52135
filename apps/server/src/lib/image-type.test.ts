import { describe, expect, it } from 'vitest';
import { detectImageType, mimeOfStoredAvatar } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('avatar image detection by content', () => {
  it('recognises PNG, JPEG, GIF and WebP signatures', () => {
    expect(detectImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))?.mime).toBe('image/png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg');
    expect(detectImageType(bytes('GIF89a', [1, 0]))?.ext).toBe('gif');
    expect(detectImageType(bytes('GIF87a'))?.ext).toBe('gif');
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.ext).toBe('webp');
  });

  it('refuses HTML, SVG, a truncated signature and a RIFF that is not WebP', () => {
    expect(detectImageType(bytes('<!DOCTYPE html><script>alert(1)</script>'))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes([0x89], 'PN'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it('serves only well-formed stored names, with the type of their extension', () => {
    expect(mimeOfStoredAvatar('0123456789abcdef0123456789abcdef.webp')).toBe('image/webp');
    expect(mimeOfStoredAvatar('../etc/passwd')).toBeNull();
    expect(mimeOfStoredAvatar('0123456789abcdef0123456789abcdef.html')).toBeNull();
  });
});
