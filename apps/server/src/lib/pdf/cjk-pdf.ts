import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/** Noto Sans SC Regular from the npm package @expo-google-fonts/noto-sans-sc (SIL Open Font License). */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

let fontBytes: Promise<Uint8Array> | undefined;

/** The font file, read once per process (about 10 MB); a failed read is retried next time. */
function loadFont(): Promise<Uint8Array> {
  return (fontBytes ??= readFile(require.resolve(FONT_FILE)).catch((err: unknown) => {
    fontBytes = undefined;
    throw err;
  }));
}

/** A new PDF document with the Chinese font registered (embedded as a subset of the glyphs actually drawn). */
export async function createCjkPdf(): Promise<{ pdf: PDFDocument; font: PDFFont }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(await loadFont(), { subset: true });
  return { pdf, font };
}
