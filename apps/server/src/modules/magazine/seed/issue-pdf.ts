import type { PDFFont, PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';
import { createCjkPdf } from '../../../lib/pdf/cjk-pdf';
import type { SeedIssue } from './articles.data';

const W = 595;
const H = 842;
const MARGIN = 56;

/** Splits text into lines that fit `width` (CJK text breaks between any two characters). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (font.widthOfTextAtSize(line + ch, size) > width && line) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * An issue as a PDF: a cover page with the table of contents, then one page per article (title, author, body).
 * Returns the bytes and the TOC (article titles with their page numbers).
 */
export async function issuePdf(issue: SeedIssue, label: { year: number; month: number; issueNo: number }) {
  const { doc, regular, bold } = await createCjkPdf();
  doc.setTitle(`财税人才月刊 ${label.year}年第${label.issueNo}期 · ${issue.theme}`);
  doc.setAuthor('财务管理协会');
  const ink = rgb(0.13, 0.15, 0.2);
  const accent = rgb(0.09, 0.33, 0.62);
  const toc = issue.articles.map((a, i) => ({ title: a.title, page: i + 2 }));

  const cover = doc.addPage([W, H]);
  cover.drawRectangle({ x: 0, y: H - 220, width: W, height: 220, color: accent });
  cover.drawText('财税人才月刊', { x: MARGIN, y: H - 90, size: 34, font: bold, color: rgb(1, 1, 1) });
  cover.drawText(`${label.year} 年 ${label.month} 月 · 第 ${label.issueNo} 期`, {
    x: MARGIN,
    y: H - 130,
    size: 16,
    font: regular,
    color: rgb(1, 1, 1),
  });
  cover.drawText(`本期主题：${issue.theme}`, { x: MARGIN, y: H - 180, size: 20, font: bold, color: rgb(1, 1, 1) });
  let y = H - 280;
  for (const line of wrap(issue.summary, regular, 13, W - 2 * MARGIN)) {
    cover.drawText(line, { x: MARGIN, y, size: 13, font: regular, color: ink });
    y -= 22;
  }
  y -= 20;
  cover.drawText('目  录', { x: MARGIN, y, size: 18, font: bold, color: accent });
  y -= 36;
  for (const t of toc) {
    cover.drawText(t.title, { x: MARGIN, y, size: 14, font: regular, color: ink });
    cover.drawText(String(t.page), { x: W - MARGIN - 20, y, size: 14, font: regular, color: ink });
    y -= 30;
  }
  footer(cover, regular, 1, label);

  issue.articles.forEach((a, i) => {
    const page = doc.addPage([W, H]);
    let py = H - MARGIN - 20;
    page.drawText(issue.theme, { x: MARGIN, y: py + 24, size: 10, font: regular, color: accent });
    for (const line of wrap(a.title, bold, 22, W - 2 * MARGIN)) {
      page.drawText(line, { x: MARGIN, y: py, size: 22, font: bold, color: ink });
      py -= 32;
    }
    page.drawText(`文 / ${a.author}`, { x: MARGIN, y: py, size: 12, font: regular, color: rgb(0.4, 0.42, 0.48) });
    py -= 36;
    for (const para of a.paragraphs) {
      for (const line of wrap(`\u3000\u3000${para}`, regular, 13, W - 2 * MARGIN)) {
        page.drawText(line, { x: MARGIN, y: py, size: 13, font: regular, color: ink });
        py -= 24;
      }
      py -= 10;
    }
    footer(page, regular, i + 2, label);
  });

  return { bytes: Buffer.from(await doc.save()), toc, pages: doc.getPageCount() };
}

function footer(page: PDFPage, font: PDFFont, n: number, label: { year: number; issueNo: number }) {
  page.drawText(`财税人才月刊 ${label.year}年第${label.issueNo}期  ·  ${n}`, {
    x: MARGIN,
    y: 32,
    size: 9,
    font,
    color: rgb(0.55, 0.57, 0.62),
  });
}
