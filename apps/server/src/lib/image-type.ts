/** Image kinds accepted for avatars, recognised by their first bytes (never by file name or client MIME type). */
export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
}

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function detectImageType(buf: Uint8Array): ImageType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return { ext: 'gif', mime: 'image/gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return { ext: 'webp', mime: 'image/webp' };
  return null;
}

const MIME_BY_EXT: Record<ImageType['ext'], ImageType['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Stored image file names: 32 random hex characters, for a narrower copy `-<width>`, and the extension (WebP since
 * images are re-encoded, see image-store.ts; the other kinds for files kept before that).
 */
export const AVATAR_FILE_REGEX = /^[0-9a-f]{32}(?:-[0-9]{2,4})?\.(png|jpg|gif|webp)$/;

export function mimeOfStoredAvatar(fileName: string): ImageType['mime'] | null {
  const m = AVATAR_FILE_REGEX.exec(fileName);
  return m ? MIME_BY_EXT[m[1] as ImageType['ext']] : null;
}
