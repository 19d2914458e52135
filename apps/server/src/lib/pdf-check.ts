/**
 * The one check of an uploaded PDF, before anything is stored: the file is opened with pdf-lib and refused unless it
 * is a whole, unencrypted PDF whose page tree walks to between 1 and `maxPages` pages. Every PDF upload uses it
 * (magazine issues, talent attachments, invoices), each with its own limit and Chinese messages.
 */
import {
  PDFArray,
  PDFCatalog,
  PDFDocument,
  PDFName,
  PDFPageLeaf,
  PDFPageTree,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';
import { AppError } from './app-error';

export interface PdfCheckOptions {
  /** Most pages the area takes. */
  maxPages: number;
  /** No `%PDF-` signature in the first KiB. */
  notPdf: string;
  /** Not readable as a PDF: unparsable, cut short (no `%%EOF` in the last KiB), junk objects, no walkable page tree. */
  broken: string;
  /** Encrypted: the server cannot read its pages, and whoever opens it may need a password. */
  encrypted: string;
  /** More than `maxPages` pages (the message names the limit). */
  tooManyPages: string;
  /** Status of a file that is not a readable PDF (not a PDF, broken, encrypted); 415 unless the area answers 400. */
  unreadableStatus?: 400 | 415;
  /** The form field of the file: when given, errors carry `{ fieldErrors: { [field]: message } }`. */
  field?: string;
}

export interface CheckedPdf {
  doc: PDFDocument;
  pages: number;
}

/** The format allows the signature anywhere in the first 1024 bytes, and the end marker anywhere in the last 1024. */
const WINDOW = 1024;

export async function checkPdf(bytes: Uint8Array, options: PdfCheckOptions): Promise<CheckedPdf> {
  const fail = (status: 400 | 415, message: string) =>
    new AppError(status, message, options.field ? { fieldErrors: { [options.field]: message } } : null);
  const unreadable = options.unreadableStatus ?? 415;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  if (!buf.subarray(0, WINDOW).toString('latin1').includes('%PDF-')) throw fail(unreadable, options.notPdf);
  // An upload cut short loses its end; pdf-lib would still read whatever objects came before the cut.
  if (
    !buf
      .subarray(Math.max(0, buf.length - WINDOW))
      .toString('latin1')
      .includes('%%EOF')
  )
    throw fail(unreadable, options.broken);

  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
  } catch {
    throw fail(unreadable, options.broken);
  }
  if (doc.isEncrypted) throw fail(unreadable, options.encrypted);

  const walked = walkPageTree(doc, options.maxPages);
  if (walked === 'broken') throw fail(unreadable, options.broken);
  if (walked > options.maxPages) throw fail(400, options.tooManyPages);
  // What pdf-lib itself finds must agree, since callers go on to use its pages.
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw fail(unreadable, options.broken);
  }
  if (pages !== walked || pages < 1) throw fail(unreadable, options.broken);
  return { doc, pages };
}

/**
 * Counts the pages under the catalog's page tree, stopping as soon as there are more than `limit`. Every node must
 * be a page tree node or a page, reached once (a node listed twice or a cycle would make pdf-lib's own walk
 * repeat pages without bound); anything else is 'broken', as is a tree without pages.
 */
function walkPageTree(doc: PDFDocument, limit: number): number | 'broken' {
  const { context } = doc;
  const catalog: unknown = doc.catalog;
  if (!(catalog instanceof PDFCatalog)) return 'broken';
  const seen = new Set<PDFObject>();
  const stack: (PDFObject | undefined)[] = [catalog.get(PDFName.of('Pages'))];
  let pages = 0;
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!(entry instanceof PDFRef)) return 'broken';
    const node = context.lookup(entry);
    if (!node || seen.has(node)) return 'broken';
    seen.add(node);
    if (node instanceof PDFPageLeaf) {
      pages += 1;
      if (pages > limit) return pages;
    } else if (node instanceof PDFPageTree) {
      const kids = node.lookup(PDFName.of('Kids'));
      if (!(kids instanceof PDFArray)) return 'broken';
      for (let i = kids.size() - 1; i >= 0; i -= 1) stack.push(kids.get(i));
    } else {
      return 'broken';
    }
  }
  return pages > 0 ? pages : 'broken';
}
