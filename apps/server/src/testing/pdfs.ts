/**
 * PDF fixtures for tests (not a test file itself): small well-formed PDFs, built synchronously so they can be
 * module constants, and the fake that carries only the signature.
 */

/** A whole PDF of `pages` blank A4 pages: catalog, page tree, pages, a cross-reference table with true offsets. */
export function pdfFixture(pages = 1): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')}] /Count ${pages} >>`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
    ),
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The signature and an end marker around nothing a reader could open: what a check of the first bytes lets through. */
export const FAKE_PDF = Buffer.from('%PDF-1.7\n<html><body>not a document</body></html>\n%%EOF\n');
