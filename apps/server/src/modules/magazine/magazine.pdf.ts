import { PDFDocument } from 'pdf-lib';
import { MAGAZINE_PDF_MAX_PAGES, magazineMessages as m } from '@app/contracts';
import { checkPdf, type CheckedPdf } from '../../lib/pdf-check';

/** An issue PDF by its content: whole, unencrypted, 1 to MAGAZINE_PDF_MAX_PAGES pages (400 otherwise). */
export function inspectPdf(bytes: Buffer): Promise<CheckedPdf> {
  return checkPdf(bytes, {
    maxPages: MAGAZINE_PDF_MAX_PAGES,
    notPdf: m.notPdf,
    broken: m.pdfBroken,
    encrypted: m.pdfEncrypted,
    tooManyPages: m.pdfTooManyPages,
    unreadableStatus: 400,
  });
}

/** A separate PDF holding only the first `n` pages: what non-members receive, so later pages never reach them. */
export async function samplePdf(source: PDFDocument, n: number): Promise<Buffer> {
  const out = await PDFDocument.create();
  const count = Math.min(n, source.getPageCount());
  const pages = await out.copyPages(source, Array.from({ length: count }, (_, i) => i));
  for (const p of pages) out.addPage(p);
  out.setTitle(`${source.getTitle() ?? '电子杂志'}（试读）`);
  return Buffer.from(await out.save());
}
