import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_URL_PREFIX } from '../content/content.rules';
import { COURSE_IMAGE_URL_PREFIX } from '../courses/courses-admin.rules';
import { IMAGE_PROFILE_BY_URL_PREFIX, imageSrcSet } from './images';

const NAME = '0123456789abcdef0123456789abcdef';

describe('imageSrcSet', () => {
  it('names the copies of an image by the profile of its URL prefix', () => {
    expect(imageSrcSet(`/uploads/avatars/${NAME}.webp`)).toBe(
      `/uploads/avatars/${NAME}-160.webp 160w, /uploads/avatars/${NAME}.webp 480w`,
    );
    expect(imageSrcSet(`${COURSE_IMAGE_URL_PREFIX}${NAME}.webp`)).toBe(
      `${COURSE_IMAGE_URL_PREFIX}${NAME}-480.webp 480w, ${COURSE_IMAGE_URL_PREFIX}${NAME}-960.webp 960w, ${COURSE_IMAGE_URL_PREFIX}${NAME}.webp 1600w`,
    );
  });

  it('gives nothing for images kept before re-encoding, pictures from elsewhere, and empty values', () => {
    for (const url of [
      `/uploads/avatars/${NAME}.png`,
      `/uploads/quiz/${NAME}.webp`,
      `https://cdn.example.com/${NAME}.webp`,
      '/images/demo/cover-1.webp',
      '',
      null,
      undefined,
    ])
      expect(imageSrcSet(url)).toBeUndefined();
  });

  it("uses the prefixes the server's upload routes serve under", () => {
    const prefixes = IMAGE_PROFILE_BY_URL_PREFIX.map(([p]) => p);
    expect(prefixes).toContain(CONTENT_IMAGE_URL_PREFIX);
    expect(prefixes).toContain(COURSE_IMAGE_URL_PREFIX);
  });
});
