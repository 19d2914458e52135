/**
 * The one reader of a multipart upload: the single expected file (field `file`) and the named text fields, read
 * whole. Every upload route uses it, so the rules hold everywhere:
 * - a file over its limit answers 413 and no bytes are returned (busboy cuts the stream at the limit and flags it
 *   `truncated`; `@fastify/multipart` throws only on some paths, so the flag is read after the stream ended);
 * - a second file, a field the route does not take, or too many fields answer 400;
 * - a body that is not valid multipart answers 400, never 500.
 * `readUpload` requires the file; `readUploadForm` reads a form whose file may be left out.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';

export const uploadMessages = {
  extraFile: '一次只能上传一个文件',
  extraField: '上传表单中有多余的内容',
  broken: '上传的内容不完整或格式有误，请重新上传',
} as const;

interface UploadLimits<F extends string> {
  /** The byte limit of the file. */
  maxBytes: number;
  /** The text fields the route takes (any other field answers 400). */
  fields?: readonly F[];
  /** The file is over `maxBytes` (413). */
  tooLarge: string;
  /** The body is not readable multipart (400); a generic message when absent. */
  broken?: string;
  /** The field holding the file; `file` by default. */
  fileField?: string;
}

export interface UploadReadOptions<F extends string = never> extends UploadLimits<F> {
  /** Chinese messages of the route: no file (415 for a non-multipart body, 400 for a form without the file). */
  required: string;
}

export interface UploadFormOptions<F extends string = never> extends UploadLimits<F> {
  /** The body is not multipart (415). */
  notForm: string;
}

export interface UploadedFile {
  content: Buffer;
  filename: string;
  mimetype: string;
}

export interface UploadRead<F extends string = never> extends UploadedFile {
  fields: Partial<Record<F, string>>;
}

export interface UploadForm<F extends string = never> {
  /** Null when the form came without the file. */
  file: UploadedFile | null;
  fields: Partial<Record<F, string>>;
}

/** The multipart plugin's own errors, by code. */
const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/** Reads the upload of `request` whole, or throws the AppError the client gets. */
export async function readUpload<F extends string = never>(
  request: FastifyRequest,
  options: UploadReadOptions<F>,
): Promise<UploadRead<F>> {
  const { required } = options;
  const { file, fields } = await readUploadForm(request, { ...options, notForm: required });
  const fileField = options.fileField ?? 'file';
  if (!file) throw AppError.badRequest(required, { [fileField]: required });
  return { ...file, fields };
}

/** Reads a form whose file is optional (`file` null without one), with the same limits and answers as readUpload. */
export async function readUploadForm<F extends string = never>(
  request: FastifyRequest,
  options: UploadFormOptions<F>,
): Promise<UploadForm<F>> {
  const { maxBytes, tooLarge } = options;
  const fileField = options.fileField ?? 'file';
  const allowed = new Set<string>(options.fields ?? []);
  // The multipart plugin answers 406 for a non-multipart body, which would read as "not logged in".
  if (!request.isMultipart()) throw new AppError(415, options.notForm);

  const fields: Partial<Record<F, string>> = {};
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({
      // One part more than expected, so a second file is reported as a file and not as one part too many.
      limits: { fileSize: maxBytes, files: 1, fields: allowed.size, parts: allowed.size + 2 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          part.file.resume();
          throw AppError.badRequest(file ? uploadMessages.extraFile : uploadMessages.extraField);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size <= maxBytes) chunks.push(chunk);
        }
        if (part.file.truncated || size > maxBytes) throw new AppError(413, tooLarge);
        file = { content: Buffer.concat(chunks, size), filename: part.filename, mimetype: part.mimetype };
      } else {
        if (!allowed.has(part.fieldname) || part.fieldname in fields || part.valueTruncated)
          throw AppError.badRequest(uploadMessages.extraField);
        fields[part.fieldname as F] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, tooLarge);
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(uploadMessages.extraFile);
    if (code && LIMIT_CODES.has(code)) throw AppError.badRequest(uploadMessages.extraField);
    throw AppError.badRequest(options.broken ?? uploadMessages.broken);
  }
  return { file, fields };
}

/**
 * The text fields of an upload parsed by the route's zod schema, or a 400 naming each bad field (the first message
 * on top), as a JSON body's validation answers.
 */
export function parseUploadFields<S extends z.ZodType>(schema: S, fields: Record<string, string | undefined>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
  throw AppError.badRequest(Object.values(fieldErrors)[0], fieldErrors);
}

/** The uploader's file name, for display only: base name, no control characters, at most 100 characters. */
export function displayFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 100) || '附件';
}
