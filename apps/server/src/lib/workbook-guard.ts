/**
 * The limits of every workbook upload (risk check template, question import, user import), checked in a worker
 * thread pool before exceljs sees the file: a workbook whose sheet inflates to hundreds of megabytes is refused from
 * its zip central directory, or while streaming, without blocking the event loop or growing the server's memory.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from './app-error';

export interface WorkbookLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRows: number;
  maxColumns: number;
  /** Bytes of one text (a shared string or inline string), UTF-8. */
  maxCellBytes: number;
  /** How long the check may take before its worker is terminated. */
  timeoutMs: number;
}

export const WORKBOOK_LIMITS: WorkbookLimits = {
  maxEntries: 500,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRows: 20_000,
  maxColumns: 200,
  // Excel's own limit is 32,767 characters; three bytes each in UTF-8 for Chinese.
  maxCellBytes: 32_767 * 3,
  timeoutMs: 15_000,
};

export const workbookMessages = {
  unreadable: '无法读取该Excel文件，请上传 .xlsx 格式的文件',
  entries: (n: number) => `Excel文件内部结构过多（超过${n}个部件），请使用下载的模板`,
  uncompressed: (mb: number) => `Excel文件解压后超过${mb}MB，请删除多余内容后重新上传`,
  rows: (n: number) => `Excel文件超过${n}行，请分批上传`,
  columns: (n: number) => `Excel文件的一行超过${n}列，请使用下载的模板`,
  cell: (n: number) => `Excel文件中有单元格超过${n}个字，请精简后重新上传`,
  timeout: (s: number) => `Excel文件处理超过${s}秒，请精简后重新上传`,
} as const;

type Refusal = { ok: false; reason: 'unreadable' | 'entries' | 'uncompressed' | 'rows' | 'columns' | 'cell' };
type GuardResult = { ok: true } | Refusal;
type ReadResult = { ok: true; sheets: { name: string; rows: CellValue[][] }[] } | Refusal;

/** A cell's value as exceljs reads it: text, number, boolean, date, or rich text / hyperlink / formula / error. */
export type CellValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | { richText: { text: string }[] }
  | { text: unknown; hyperlink?: string }
  | { result?: unknown; formula?: string }
  | { error: string };

/**
 * A cell's value as the text a person typed: dates as YYYY-MM-DD, numbers without float noise (0.1 + 0.2 is 0.3),
 * a formula by its result, rich text and links by their text; not trimmed.
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as CellValue);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

/** One sheet of a workbook read in the worker: cell values by row and column, both 1-based as in Excel. */
export class Sheet {
  constructor(
    readonly name: string,
    private readonly rows: CellValue[][],
  ) {}

  /** The last row with a value (0 for an empty sheet). */
  get rowCount(): number {
    return this.rows.length > 0 ? this.rows.length - 1 : 0;
  }

  value(row: number, column: number): CellValue {
    return this.rows[row]?.[column] ?? null;
  }

  /** The value at an A1-style address such as `B3`. */
  valueAt(address: string): CellValue {
    const m = /^([A-Z]+)([0-9]+)$/.exec(address);
    if (!m) throw new Error(`not a cell address: ${address}`);
    const column = [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    return this.value(Number(m[2]), column);
  }

  /** The columns of `row` that hold a value, with it, left to right. */
  cells(row: number): [column: number, value: CellValue][] {
    const values = this.rows[row] ?? [];
    const out: [number, CellValue][] = [];
    values.forEach((v, c) => {
      if (v !== null && v !== undefined) out.push([c, v]);
    });
    return out;
  }
}

/** The worker script: the bundled one next to dist/server.js, or the source next to this file. */
function workerFile(): string {
  for (const candidate of ['./workbook-worker.js', './workbook-guard.worker.mjs']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('workbook guard worker script not found');
}

let pool: Piscina | null = null;
function workers(): Piscina {
  // Two threads at most: the machine's cores also serve requests; more uploads wait in the queue.
  pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: 2, idleTimeout: 30_000 });
  return pool;
}

/**
 * Throws the AppError the client gets when `content` is over a limit or not a readable .xlsx; `unreadable` is the
 * route's own message for a file that is not a workbook.
 */
export async function guardWorkbook(
  content: Buffer,
  options: { unreadable?: string; limits?: WorkbookLimits } = {},
): Promise<void> {
  await runInWorker<GuardResult>('default', content, options);
}

/**
 * Checks `content` against the limits and reads it with exceljs, both in the worker pool, so neither a hostile nor
 * a large honest workbook holds the event loop; throws the same errors as guardWorkbook.
 */
export async function readWorkbook(
  content: Buffer,
  options: { unreadable?: string; limits?: WorkbookLimits } = {},
): Promise<Sheet[]> {
  const result = await runInWorker<ReadResult>('read', content, options);
  return result.sheets.map((s) => new Sheet(s.name, s.rows));
}

async function runInWorker<R extends GuardResult | ReadResult>(
  name: 'default' | 'read',
  content: Buffer,
  options: { unreadable?: string; limits?: WorkbookLimits },
): Promise<Extract<R, { ok: true }>> {
  const limits = options.limits ?? WORKBOOK_LIMITS;
  const { timeoutMs, ...scan } = limits;
  let result: R;
  try {
    // One copy of the upload, moved (not copied again) to the worker thread.
    const bytes = new Uint8Array(content);
    result = (await workers().run(
      { content: bytes, limits: scan },
      { name, signal: AbortSignal.timeout(timeoutMs), transferList: [bytes.buffer] },
    )) as R;
  } catch (err) {
    if ((err as { name?: string }).name === 'AbortError' || (err as { name?: string }).name === 'TimeoutError')
      throw new AppError(422, workbookMessages.timeout(Math.round(timeoutMs / 1000)));
    throw err;
  }
  if (result.ok) return result as Extract<R, { ok: true }>;
  switch (result.reason) {
    case 'unreadable': {
      const message = options.unreadable ?? workbookMessages.unreadable;
      throw AppError.badRequest(message, { file: message });
    }
    case 'entries':
      throw new AppError(413, workbookMessages.entries(limits.maxEntries));
    case 'uncompressed':
      throw new AppError(413, workbookMessages.uncompressed(Math.round(limits.maxUncompressedBytes / 1024 / 1024)));
    case 'rows':
      throw new AppError(422, workbookMessages.rows(limits.maxRows));
    case 'columns':
      throw new AppError(422, workbookMessages.columns(limits.maxColumns));
    case 'cell':
      throw new AppError(422, workbookMessages.cell(Math.floor(limits.maxCellBytes / 3)));
  }
}

/** Stops the worker threads (server shutdown, tests). */
export async function closeWorkbookGuard(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
