/**
 * PDFs with Chinese text: pdf-lib with fontkit and Noto Sans SC (OFL) from @expo-google-fonts/noto-sans-sc,
 * embedded as a subset so a report carries only the glyphs it uses. The font file is read once per process.
 *
 * The font engine is upstream fontkit 2, not @pdf-lib/fontkit: the latter's subsetter writes a corrupt `loca`
 * table for large TrueType fonts (glyphs after an odd-length record vanish: most Chinese characters render blank),
 * fixed upstream in fontkit 1.8. fontkit 2 encodes a subset with `encode()`; pdf-lib still asks for the old
 * `encodeStream()`, which the adapter below provides.
 *
 * fontkit is loaded with the first PDF: evaluating it (its Unicode tables are inflated when the module loads) took
 * about 60 ms of every start.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, type PDFFont } from 'pdf-lib';

/** pdf-lib's font-engine interface (the argument of registerFontkit). */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

const require = createRequire(import.meta.url);
const FONTS = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

interface Subset {
  encode(): Uint8Array;
  encodeStream?: () => unknown;
}
type Handler = (value?: unknown) => void;

/** The readable-stream shape pdf-lib consumes (`on('data' | 'end' | 'error')`), emitting one chunk. */
function streamOf(encode: () => Uint8Array) {
  const handlers: Record<string, Handler> = {};
  const stream = {
    on(event: string, handler: Handler) {
      handlers[event] = handler;
      return stream;
    },
  };
  queueMicrotask(() => {
    try {
      const bytes = encode();
      handlers.data?.(bytes);
      handlers.end?.();
    } catch (err) {
      handlers.error?.(err);
    }
  });
  return stream;
}

/** fontkit 2 as pdf-lib's Fontkit: every subset gets the `encodeStream()` pdf-lib calls. */
function adaptedFontkit(fontkit: typeof import('fontkit')): Fontkit {
  return {
    create(data: Uint8Array, postscriptName?: string) {
      const font = fontkit.create(data, postscriptName) as { createSubset(): Subset };
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        subset.encodeStream = () => streamOf(() => subset.encode());
        return subset;
      };
      return font as unknown as ReturnType<Fontkit['create']>;
    },
  };
}

let fontkitForPdfLib: Promise<Fontkit> | undefined;

function loadFontkit(): Promise<Fontkit> {
  fontkitForPdfLib ??= import('fontkit').then(adaptedFontkit, (err: unknown) => {
    fontkitForPdfLib = undefined;
    throw err;
  });
  return fontkitForPdfLib;
}

const cache = new Map<keyof typeof FONTS, Promise<Uint8Array>>();

function fontBytes(weight: keyof typeof FONTS): Promise<Uint8Array> {
  let p = cache.get(weight);
  if (!p) {
    p = readFile(require.resolve(FONTS[weight])).then((b) => new Uint8Array(b));
    p.catch(() => cache.delete(weight));
    cache.set(weight, p);
  }
  return p;
}

export interface CjkPdf {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
}

/** A new PDF document with Noto Sans SC regular and bold registered (subset embedding). */
export async function createCjkPdf(): Promise<CjkPdf> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(await loadFontkit());
  const [r, b] = await Promise.all([fontBytes('regular'), fontBytes('bold')]);
  const [regular, bold] = await Promise.all([doc.embedFont(r, { subset: true }), doc.embedFont(b, { subset: true })]);
  return { doc, regular, bold };
}
