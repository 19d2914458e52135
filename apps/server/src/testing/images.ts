import sharp from 'sharp';

/**
 * Images for upload tests. A real one (uploads are decoded, so a signature followed by filler no longer passes), and
 * the hostile ones every image route must refuse with 415.
 */

/** A real 16 x 12 PNG (red). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWM4YKlNEmIY1WA5GkoHsIUBAALQ2wEn2gnvAAAAAElFTkSuQmCC',
  'base64',
);

/** A real 64 x 64 JPEG of noise (3 KB). */
const JPEG_64_BASE64 =
  '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCABAAEADASIAAhEBAxEB/8QAGAABAQEBAQAAAAAAAAAAAAAAAgMEAAH/xAAqEAACAgMAAQQBBAIDAQAAAAABAgMEBRESEwAUISIyFTFBQiMlBjNiFv/EABcBAQEBAQAAAAAAAAAAAAAAAAIDAAH/xAAqEQEAAgECBQQBBAMAAAAAAAABAhEhMUEAEiJRYQMyQnFSE3KBkSNiov/aAAwDAQACEQMRAD8AxWatV8ctVdY6pCf0ovNaK/4IXaS1YAUleCQsbfOirL1031GqbIQ1baZKaGzFjLLDI26sNYxyTV1dIKcbfYqSSn3BJAZVZj8BfXVaJitH/j8UllFfeJoqkRjjhWPx+9Z+vgE7aPY5JXjXKrv1FLSvjluSs0zl2ywrW52QxwL0tKqeF507NoBdkMgIH27PJTk3ExvV025sJ2bWZwiN08EqfLzZ8YkLpErEigppdk+LxUVLkE1uvYszvbMS1UR5Cnmv2VLzTqUGw6xSb23OjGR9A2mCPQyMc0EktaSBCnMdaDzFcXVZ5BMpUAkvIna/BJBdV0q9ekXsBqtvG2oZsvDL7YW4aY+uQsTF7A2v1HKREjQ5V1IAdv2MC18tPj5K1ualhbhCe4scRImPrqPIH2OlWSV+/n5/JWLH6esB6Yo8ppft0y0Nx83+K5w2gZVBymAvSzOJarnAnUeY8SlyGQuY9p5JJ3zVONLFlooUSNbcyRx0+FYEMIkfoAdDltAOwYit2OHHTmEWKM0TwHFyWbVougiKNJcsHra7VnEbNsgEKSXYAevIsn7WSUzrSgnLnKIsrNPIMhKsggraYglVRlJG98EFuVXn11XGSmm+Fil8MEUow1KNEWJk+FN12DnZGkaMsoGlMf4A9M6I0yjyhnNx7HujZtTe1Y6aUyj6eZNEs17b7WIxy5As1DUBxTxxZKxYHK4uyr5O2or+Bp6sLLHUQNI3PTmL5U/JdU2fnghatw0rVObZuV18RmecxyWr1tVMkg5Ouo42LD4VgVk2VUgep2riWcfVys1aKNH/ANitJ7TRssMKeOpAwHQHldj+2x5FJRR+XrRPHNjcpDa9uBlVUpEa1bx+PIXSZSwYhhwqKkijRBKlQWY9DMVDmL20y33Y6drrDEbwcSVgnqPShj4tutMVihf8jj40ch4a3SR26/h8ZxctqzKXHhAaS9PpwR8M3iZvkfiwZ250p8hBjshLdfv9ItH31uOGkVexWSRIaS7O9FmjHW/2YKXIH19CtVZD/wDORyzRp22LoIlfxrEqCIXmdmH86Me/qSpUqFUFvUjN5MTFkZmWVnkfJLVs2OHihjBWlWZYxrTs4A0D9k2oJJci+Wr+6vXe6lpVcwWVSbN0jc+p6ndxK9g2kdlzmk+PFY6F5Terz2pHtRwrAqSzCMz37I6mnQppi6xyA6OteNv+sEghpcflK/hc0/BFyoSpEZnOMqvJKJwRo7d1BU6+V6C6ClvSnmm91DdxklVsrHMYEmrVekiyFmUvOoIJA4SPa/uFkUjTsD6sleGS/wC2jdVxlvdX3sky+KvRqlTMysjfKSSFm2elKs4bo6AfLyNLyuhrFKq8IxQ79v29WUK9Iy6Vd/aRkDf0jzfuicTa9fihp5K1Gl7JwJHkLFaPgQGxIVhqRlQ3aiNdnne+HBXo/f1zYxkykeMrrBfsWYxhFMk7Slgys9ubkgguHcRN/wCuSS7AD0Kk83F2b2sCyV95mVm6stDcl6jrwMDohFEke9n5WReuQoUuPEGTEJiaST1q9WRcFEfqgEpJa3IVZVIUpGYjr+FVgUVvWUg80gN/xDarLL2+qawcTvlunLmsmDJcW4+ca5NwHSeu1m86VpZK9nrLWDFEIfLQrgpBGQ/wXcwoTthpox1voKMvtrBxlilKj/qNfqJ7Mlko1u7cVC7qF1p442dv6n4cHhdAt7VC8Mbk7kLUcfI0d+SqJy80deFBFXj42FJldmKqCB5F+uvz9aBPaxdsK7TQ2H+6xUq5RRlLSySJJo7UqiEMp0QNuF7Zt+psXcX+Mt92P9aYYjejws+nK44l3zHL+KXGjXax2sSV2OHHTmEWKM0TwHFyWbVougiKNJcsHra7VnEbNsgEKSXYAelFPHFkrFgcri7Kvk7aiv4GnqwssdRA0jc9OYvlT8l1TZ+eCKuMlNN8LFL4YIpRhqUaIsTJ8KbrsHOyNI0ZZQNKY/wB6adq4lnH1crNWijR/wDYrSe00bLDCnjqQMB0B5XY/tseRSUUfl6rHFA51e2d2Msle4B7hpb1m+rfL1PfEm3APtl4f4SrjxRatw0rVObZuV18RmecxyWr1tVMkg5Ouo42LD4VgVk2VUgehNBWyOMileCBMb37eOStA03koUy0zSq4A2xcowAG+X0ugOzeeObG5SG17cDKqpSI1q3j8eQukylgxDDhUVJFGiCVKgsx6HeyhhydihKjxU7HVIWpZlVKlSoyGdiVJ2jydn52CHbosQF9C+WoGFx2ca0NlF+en9pfIl16cGzTWzOWiVNvis4NQFctz17NLMWKE05UplGoGWPlmkkEFOLoAH/EoYbAG1O1Vj9vUYsVCL8uMV0t3bEC4WuC5sCZmPVyVgT8EeRoyw6+4j32fxFaRfYWLCxJ7+CSTMWUeI2Fr2ZRxUhLFutDygMDrSNGSQPoNM0Vm5BHHVtZFbUU/wClNblYK4ts7Pcm6bT6ZI/GW/fYBBRTshf0+qq/uIbBZZ/quMUhg45F+MWjV2aKq4yxK/cA961E6C/HcWx5DbswcnIiNY/HGcZAZPFEBIfhndFYjf5gl/lgvrFJ7yWhJXmed8tVXwtbmtFHs3LSJtk5Pw0UW2H4kcuPooAKWzjsjNjb9sti8VYkiuzRPOzSRVoVWKuhjX4PkcswUHXkT6D+/q8du3i5Hhd3gmkKzLFTqcf7WyskiOCQRwiP2P4/MDtiCKkH05VEuX9NurzQ8Fae4H8Vof4io9L4uNr2yxovXFxk9745sYyZSPGV1gv2LMYwimSdpSwZWe3NyQQXDuIm/wDXJJdgB6dJ67WbzpWlkr2estYMUQh8tCuCkEZD/BdzChO2GmjHW+goEeIMmITE0knrV6si4KI/VAJSS1uQqyqQpSMxHX8KrAorepvaoXhjcnchajj5GjvyVROXmjrwoIq8fGwpMrsxVQQPIv11+fosrxHbNa1eSxzj3AVomxYV9QZyF3/KTsGKlW33SGTge2sHGWKUqP8AqNfqJ7Mlko1u7cVC7qF1p442dv6n4cHhdA2mesKsVmhK8ONaP2a2a1ZupaFaNpLDKyH56d9D+WifQVQSfVRPaxdsK7TQ2H+6xUq5RRlLSySJJo7UqiEMp0QNuF7Zt+pGCOO3NipzNHQld6sc006rDSq1WjNl/qT9ZHB/fYKs3RYqF9EM/pmLxrWmWiQlHYXpd0Djcv6hyLcdAxIbq+mVIvjVx8jlpdyEtG9HlDXuT1zrItSaSNRMJJRDShfnX/WE+df1PSqxHXrNWxML27GM9zHYtyVhiKkbu1gWHdlNyQqfhWHkZGb5+yJvttaETq2KluDxtkoZZctZgkiez7WxIojpxFiQeR5uSp1pOOio0vrVcNvIHdW1cFwWP0x7bBYyLbu0lyUdAMAUTxlhoggMpRSCWJ6dp0l5cxxoDVxdKXHxS6jxXmNBo1q9tTEsOvMAt2m+PEyaZCBhK1izAiNeWKOAQqcXA0jRRnv+zyKG11vpT3+Sp6mZrtKGrN7pLmdqgM807ncl+wVGihXhmiiHkA1rksp4UFfTNrHm8sj2K8GEtuk00hLOy04CiVuEZQy+aRe1C8t0Cqj7MT1Vr1SO2na1pY1W2Y60KxMcpaLGNk62GCLKHAUHQMmuyNr3kYmCvuy3fqji++PcGcxuDKi15b+42v8AzRfi4vnj/9k=';

/** The JPEG above, whole. */
export const JPEG = Buffer.from(JPEG_64_BASE64, 'base64');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Files that begin like an image and are not one, or are an image kind the platform does not keep. */
export const HOSTILE_IMAGES: readonly { name: string; file: string; content: Buffer }[] = [
  {
    name: 'a 12-byte PNG (the signature and 4 bytes)',
    file: 'tiny.png',
    content: Buffer.concat([PNG_SIGNATURE, Buffer.from([0, 0, 0, 13])]),
  },
  {
    name: 'the PNG signature followed by an HTML page',
    file: 'page.png',
    content: Buffer.concat([
      PNG_SIGNATURE,
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]),
  },
  { name: 'a truncated JPEG', file: 'cut.jpg', content: truncatedJpeg() },
  {
    name: 'an SVG',
    file: 'vector.svg',
    content: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ),
  },
];

/** A real 64 x 64 JPEG of noise cut off after 60 % of its bytes: the header is whole, the scan data ends early. */
function truncatedJpeg(): Buffer {
  return JPEG.subarray(0, Math.floor(JPEG.length * 0.6));
}

/**
 * A JPEG as a phone writes it: the phone's make (PhoneMaker P60) and the place it was taken (Tian'anmen) in its EXIF,
 * held sideways when `orientation` is 6.
 */
export function phonePhoto(opts: { width: number; height: number; orientation?: number }): Promise<Buffer> {
  const { width, height } = opts;
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 31) % 256;
  let image = sharp(px, { raw: { width, height, channels: 3 } });
  if (opts.orientation) image = image.withMetadata({ orientation: opts.orientation });
  return image
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'P60' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 27/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 50/1',
      },
    })
    .jpeg()
    .toBuffer();
}
