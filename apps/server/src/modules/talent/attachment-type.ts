import { TALENT_ATTACHMENT_PDF_MAX_PAGES, talentMessages as m } from '@app/contracts';
import { detectImageType } from '../../lib/image-type';
import { checkPdf } from '../../lib/pdf-check';

/** Talent attachment kinds, recognised by their first bytes (never by file name or client MIME type). */
export interface AttachmentType {
  ext: 'png' | 'jpg' | 'pdf';
  mime: 'image/png' | 'image/jpeg' | 'application/pdf';
}

/** The extension of a stored attachment by its recorded type (scans are stored as WebP since images are re-encoded). */
export const ATTACHMENT_EXT_BY_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function detectAttachmentType(buf: Uint8Array): AttachmentType | null {
  if (buf.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => buf[i] === b))
    return { ext: 'pdf', mime: 'application/pdf' };
  const image = detectImageType(buf);
  if (image?.ext === 'png' || image?.ext === 'jpg')
    return { ext: image.ext, mime: image.mime as AttachmentType['mime'] };
  return null;
}

/** A PDF attachment must also open: whole, unencrypted, 1 to TALENT_ATTACHMENT_PDF_MAX_PAGES pages. */
export async function checkAttachmentPdf(buf: Uint8Array): Promise<void> {
  await checkPdf(buf, {
    maxPages: TALENT_ATTACHMENT_PDF_MAX_PAGES,
    notPdf: m.attachmentBadType,
    broken: m.attachmentPdfBroken,
    encrypted: m.attachmentPdfEncrypted,
    tooManyPages: m.attachmentPdfTooManyPages,
  });
}

/** Stored names: 32 random hex characters and the extension of the stored type. */
export const ATTACHMENT_FILE_REGEX = /^[0-9a-f]{32}\.(png|jpg|webp|pdf)$/;
