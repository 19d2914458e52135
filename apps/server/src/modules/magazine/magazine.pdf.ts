import { PDFDocument } from 'pdf-lib';
import { magazineMessages as m } from '@app/contracts';
import { AppError } from '../../lib/app-error';

/** A PDF by its content: the `%PDF-` signature within the first KiB (as the format allows), then a real parse. */
export async function inspectPdf(bytes: Buffer): Promise<{ doc: PDFDocument; pages: number }> {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (!head.includes('%PDF-')) throw AppError.badRequest(m.notPdf);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw AppError.badRequest(m.pdfBroken);
  }
  const pages = doc.getPageCount();
  if (pages < 1) throw AppError.badRequest(m.pdfBroken);
  return { doc, pages };
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
