import type { ImgHTMLAttributes } from 'react';
import { imageSrcSet } from '@app/contracts';

export interface StoredImgProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'srcSet' | 'src' | 'sizes'
> {
  src: string;
  /** The width the image takes on the page (the `sizes` attribute), e.g. `72px` or `(max-width: 767px) 50vw, 320px`. */
  sizes: string;
}

/**
 * An image kept by the platform: the browser picks the narrowest stored copy that fills `sizes` at the screen's
 * density (the server stores WebP copies beside each uploaded avatar, logo, cover and article image). Images from
 * elsewhere, or kept before images were re-encoded, are plain images.
 */
export function StoredImg({ src, sizes, alt = '', ...rest }: StoredImgProps) {
  const srcSet = imageSrcSet(src);
  return <img src={src} alt={alt} {...(srcSet ? { srcSet, sizes } : {})} {...rest} />;
}
