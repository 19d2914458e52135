/**
 * A document a member sends as evidence (a licence, a certificate, a transcript), checked by its content before it is
 * kept, never by its name or the client's type: a JPEG or PNG scan is decoded and re-encoded as WebP without its
 * metadata (image-store); anything else must be a PDF that opens, unencrypted, within the area's page limit
 * (pdf-check). A fake PDF (the signature around junk) is refused like any other file that does not open. Errors name
 * the form field, so the form shows them under the upload.
 */
import { AppError, isAppError } from './app-error';
import { encodeImage } from './image-store';
import { detectImageType } from './image-type';
import type { UploadedFile } from './multipart-upload';
import { checkPdf } from './pdf-check';

export interface DocumentCheckOptions {
  maxPages: number;
  /** Neither a PDF nor a JPEG/PNG scan. */
  badType: string;
  pdfBroken: string;
  pdfEncrypted: string;
  pdfTooManyPages: string;
  /** The form field of the file. */
  field: string;
}

export interface CheckedDocument {
  data: Buffer;
  ext: 'pdf' | 'webp';
  mime: 'application/pdf' | 'image/webp';
}

export async function checkedDocument(file: UploadedFile, o: DocumentCheckOptions): Promise<CheckedDocument> {
  try {
    const image = detectImageType(file.content);
    if (image?.ext === 'png' || image?.ext === 'jpg') {
      const encoded = await encodeImage(file.content, 'document', o.badType);
      return { data: encoded.data, ext: 'webp', mime: 'image/webp' };
    }
    await checkPdf(file.content, {
      maxPages: o.maxPages,
      notPdf: o.badType,
      broken: o.pdfBroken,
      encrypted: o.pdfEncrypted,
      tooManyPages: o.pdfTooManyPages,
      field: o.field,
    });
    return { data: file.content, ext: 'pdf', mime: 'application/pdf' };
  } catch (err) {
    if (!isAppError(err) || err.data) throw err;
    throw new AppError(err.code, err.message, { fieldErrors: { [o.field]: err.message } });
  }
}
