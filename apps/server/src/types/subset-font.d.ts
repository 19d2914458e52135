declare module 'subset-font' {
  /** HarfBuzz (wasm) subsetting: a font holding only the glyphs of `text`. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
