import QRCode from 'qrcode';
import { rgb } from 'pdf-lib';
import { createCjkPdf } from '../../lib/pdf/cjk-pdf';
import { chinaDateText } from './exams.dates';

export interface CertificatePdfInput {
  number: string;
  holderName: string;
  examName: string;
  level: string;
  score: number;
  issuedAt: Date;
  validUntil: Date;
  siteName: string;
  /** Absolute URL of the public check page (the QR code's content). */
  checkUrl: string;
  revoked: boolean;
}

const GOLD = rgb(0.62, 0.46, 0.18);
const INK = rgb(0.15, 0.15, 0.2);
const MUTED = rgb(0.4, 0.4, 0.45);

/** A one-page A4 landscape certificate with the holder, exam, dates, number and a QR code to its check page. */
export async function certificatePdf(c: CertificatePdfInput): Promise<Uint8Array> {
  const lines = {
    intro: `参加${c.examName.includes(c.level) ? c.examName : `${c.examName}（${c.level}）`}考试，成绩合格，特发此证。`,
    score: `考试成绩：${c.score} 分`,
    number: `证书编号：${c.number}`,
    issued: `发证日期：${chinaDateText(c.issuedAt)}`,
    valid: `有效期至：${chinaDateText(c.validUntil)}`,
    revoked: '（本证书已撤销）',
    scan: '扫码查验证书',
    title: '证    书',
  };
  const { doc: pdf, regular: font } = await createCjkPdf();
  pdf.setTitle(`${c.examName}证书 ${c.number}`);
  pdf.setAuthor(c.siteName);
  const page = pdf.addPage([842, 595]);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: GOLD, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: GOLD, borderWidth: 0.8 });

  const centred = (text: string, y: number, size: number, color = INK) => {
    const w = font.widthOfTextAtSize(text, size);
    page.drawText(text, { x: (width - w) / 2, y, size, font, color });
  };
  centred(c.siteName, height - 100, 16, MUTED);
  centred(lines.title, height - 160, 40, GOLD);
  centred(`${c.holderName}：`, height - 225, 20);
  centred(lines.intro, height - 265, 18);
  centred(lines.score, height - 300, 14, MUTED);

  const left = 90;
  page.drawText(lines.number, { x: left, y: 150, size: 13, font, color: INK });
  page.drawText(lines.issued, { x: left, y: 125, size: 13, font, color: INK });
  page.drawText(lines.valid, { x: left, y: 100, size: 13, font, color: INK });
  if (c.revoked) page.drawText(lines.revoked, { x: left, y: 75, size: 13, font, color: rgb(0.8, 0.1, 0.1) });

  const qr = await QRCode.toBuffer(c.checkUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const image = await pdf.embedPng(qr);
  page.drawImage(image, { x: width - 90 - 110, y: 88, width: 110, height: 110 });
  const scan = lines.scan;
  page.drawText(scan, { x: width - 90 - 55 - font.widthOfTextAtSize(scan, 11) / 2, y: 70, size: 11, font, color: MUTED });

  return pdf.save();
}
