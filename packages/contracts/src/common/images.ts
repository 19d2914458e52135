/**
 * Uploaded images are decoded and re-encoded on the server (apps/server/src/lib/image-store.ts): stored as WebP,
 * without metadata, scaled to the profile's longest side, with narrower copies for `srcset`. A stored image's
 * copies sit next to it as `<name>-<width>.webp`, so the page can name them from the URL alone.
 */
export interface ImageProfile {
  /** The longest side of the stored image, in pixels; larger images are scaled down. */
  maxSide: number;
  /** Widths of the narrower copies stored beside it (empty: none). */
  widths: readonly number[];
}

export const IMAGE_PROFILES = {
  /** Avatars and company logos: shown at 32-120 px. */
  avatar: { maxSide: 480, widths: [160] },
  /** Course covers and other course images. */
  cover: { maxSide: 1600, widths: [480, 960] },
  /** Images inside articles. */
  article: { maxSide: 1920, widths: [480, 960] },
  /** Photos attached to questions. */
  photo: { maxSide: 2048, widths: [] },
  /** Scans that must stay legible: business licences, certificates attached to a talent profile. */
  document: { maxSide: 3200, widths: [] },
} as const satisfies Record<string, ImageProfile>;

export type ImageProfileName = keyof typeof IMAGE_PROFILES;

/** The most pixels an upload may declare before it is decoded (a 48-megapixel phone photo fits). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

export const imageMessages = {
  imageBroken: '图片已损坏或不完整，请重新上传',
  imageTooManyPixels: '图片尺寸过大，请上传不超过 5000 万像素的图片',
} as const;

const STORED_WEBP = /^(.*\/[0-9a-f]{32})\.webp$/;

/** Which profile the images under each public URL prefix were stored with (the server's upload routes). */
export const IMAGE_PROFILE_BY_URL_PREFIX: readonly (readonly [string, ImageProfileName])[] = [
  ['/uploads/avatars/', 'avatar'],
  ['/api/company_logos/', 'avatar'],
  ['/media/course-images/', 'cover'],
  ['/api/content/images/', 'article'],
];

/**
 * The `srcset` of a stored image (its narrower copies and itself), or undefined for an image stored before images
 * were re-encoded, one whose profile has no copies, or one from elsewhere. The profile comes from the URL's prefix.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const m = STORED_WEBP.exec(url);
  const profile = IMAGE_PROFILE_BY_URL_PREFIX.find(([prefix]) => url.startsWith(prefix))?.[1];
  if (!m || !profile) return undefined;
  const { widths, maxSide } = IMAGE_PROFILES[profile];
  if (widths.length === 0) return undefined;
  return [...widths.map((w) => `${m[1]}-${w}.webp ${w}w`), `${url} ${maxSide}w`].join(', ');
}
