import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** Noto Sans SC Regular from the npm package @expo-google-fonts/noto-sans-sc (SIL Open Font License). */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/** Always in the subset, so numbers, dates and Latin text need not be listed by the caller. */
const BASIC = ' 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.,:;-_/()（）：，。、%年月日*';

let fontBytes: Promise<Buffer> | undefined;

/** The font file, read once per process (about 10 MB); a failed read is retried next time. */
function loadFont(): Promise<Buffer> {
  return (fontBytes ??= readFile(require.resolve(FONT_FILE)).catch((err: unknown) => {
    fontBytes = undefined;
    throw err;
  }));
}

/**
 * A new PDF document with the Chinese font registered, holding the glyphs of `text` (every string the caller will
 * draw) plus digits, Latin letters and common punctuation. The subset is cut by HarfBuzz (subset-font): pdf-lib's
 * own subsetting (`subset: true`) drops composite CJK glyphs of Noto Sans SC, which then print as blanks.
 */
export async function createCjkPdf(text: string): Promise<{ pdf: PDFDocument; font: PDFFont }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const subset = await subsetFont(await loadFont(), text + BASIC, { targetFormat: 'truetype' });
  const font = await pdf.embedFont(subset, { subset: false });
  return { pdf, font };
}
