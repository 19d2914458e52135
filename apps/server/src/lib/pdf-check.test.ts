import { PDFDocument, PDFName, PDFArray, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isAppError, type AppError } from './app-error';
import { pdfFixture } from '../testing/pdfs';
import { checkPdf, type PdfCheckOptions } from './pdf-check';

const options: PdfCheckOptions = {
  maxPages: 5,
  notPdf: '不是 PDF',
  broken: '已损坏',
  encrypted: '已加密',
  tooManyPages: 'PDF 不能超过 5 页',
};

async function pdfOf(pages: number, save: Parameters<PDFDocument['save']>[0] = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([300, 400]).drawText(`page ${i + 1}`, { x: 20, y: 200 });
  return Buffer.from(await doc.save(save));
}

/** The AppError `checkPdf` throws for `bytes`. */
async function refusal(bytes: Uint8Array, o: PdfCheckOptions = options): Promise<AppError> {
  const err: unknown = await checkPdf(bytes, o).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(err), `expected a refusal, got ${String(err)}`).toBe(true);
  return err as AppError;
}

describe('checkPdf', () => {
  it('opens a real PDF and gives its page count, with or without object streams', async () => {
    const a = await checkPdf(await pdfOf(3), options);
    expect(a.pages).toBe(3);
    expect(a.doc.getPageCount()).toBe(3);
    expect((await checkPdf(await pdfOf(5, { useObjectStreams: false }), options)).pages).toBe(5);
    // The hand-written fixture of the API tests is a real PDF too.
    expect((await checkPdf(pdfFixture(2), options)).pages).toBe(2);
  });

  it('accepts the signature anywhere in the first KiB, as the format allows', async () => {
    const bytes = Buffer.concat([Buffer.from('garbage before the header\n'), await pdfOf(1)]);
    expect((await checkPdf(bytes, options)).pages).toBe(1);
  });

  it('refuses a file without the signature as not a PDF (415 by default, or the area status, with a field error)', async () => {
    const zip = Buffer.from('PK\u0003\u0004 not a pdf');
    const err = await refusal(zip);
    expect([err.code, err.message]).toEqual([415, options.notPdf]);
    const inForm = await refusal(zip, { ...options, unreadableStatus: 400, field: 'file' });
    expect(inForm.code).toBe(400);
    expect(inForm.data).toEqual({ fieldErrors: { file: options.notPdf } });
    expect((await refusal(Buffer.alloc(0))).message).toBe(options.notPdf);
  });

  it('refuses the signature followed by HTML, or the signature alone, as broken', async () => {
    const html = Buffer.from('%PDF-1.7\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n');
    expect([(await refusal(html)).code, (await refusal(html)).message]).toEqual([415, options.broken]);
    expect((await refusal(Buffer.from('%PDF-1.4\n%%EOF\n'))).message).toBe(options.broken);
    // Objects, a trailer and an end marker, but no catalog with pages.
    const hollow = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect((await refusal(hollow)).message).toBe(options.broken);
    const noPages = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    expect((await refusal(noPages)).message).toBe(options.broken);
  });

  it('refuses a real PDF cut short, wherever the cut falls', async () => {
    for (const save of [{}, { useObjectStreams: false }]) {
      const whole = await pdfOf(3, save);
      for (const share of [0.5, 0.9]) {
        const cut = whole.subarray(0, Math.floor(whole.length * share));
        expect((await refusal(cut)).message, `${share} of ${JSON.stringify(save)}`).toBe(options.broken);
      }
    }
  });

  it('refuses junk objects inside an otherwise whole PDF', async () => {
    const whole = (await pdfOf(1, { useObjectStreams: false })).toString('latin1');
    // An object outside the page tree that is not PDF syntax: pdf-lib would only warn and skip it.
    const junk = whole.replace('\nxref\n', '\n9 0 obj\n<< /Junk ]]] <html> >>\nendobj\n\nxref\n');
    expect(junk).not.toBe(whole);
    expect((await refusal(Buffer.from(junk, 'latin1'))).message).toBe(options.broken);
  });

  it('refuses a page tree that lists the same page twice (a walk that would never end on a cycle)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const tree = doc.catalog.Pages();
    const kids = tree.lookup(PDFName.of('Kids'), PDFArray);
    kids.push(kids.get(0) as PDFRef);
    const bytes = Buffer.from(await doc.save());
    expect((await refusal(bytes)).message).toBe(options.broken);
  });

  it('refuses an encrypted PDF with its own message', async () => {
    const whole = (await pdfOf(1, { useObjectStreams: false })).toString('latin1');
    const encrypted = whole.replace(
      /trailer\n<<\n/,
      'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>\n',
    );
    expect(encrypted).not.toBe(whole);
    const err = await refusal(Buffer.from(encrypted, 'latin1'));
    expect([err.code, err.message]).toEqual([415, options.encrypted]);
  });

  it('takes maxPages pages and refuses one more with 400 and the limit message', async () => {
    expect((await checkPdf(await pdfOf(5), options)).pages).toBe(5);
    const err = await refusal(await pdfOf(6));
    expect([err.code, err.message]).toEqual([400, 'PDF 不能超过 5 页']);
  });
});
