import { PassThrough } from 'node:stream';
import { loadExcelJS } from '../../lib/exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

/**
 * One sheet written as a stream (exceljs' streaming writer): `batches` yields rows in pages read by keyset from the
 * database, each row is committed as it is written, so a large export never sits in memory. A failure midway ends
 * the response with an error (the client sees a broken download, never a silently short file).
 */
export async function streamSheet(
  sheetName: string,
  columns: SheetColumn[],
  batches: () => AsyncGenerator<Record<string, unknown>[]>,
): Promise<PassThrough> {
  const ExcelJS = await loadExcelJS();
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    try {
      for await (const rows of batches()) for (const r of rows) ws.addRow(r).commit();
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** Keyset batches: `fetch(after)` returns up to `limit` rows after the cursor; `cursor(last)` makes the next cursor. */
export async function* keysetBatches<R, C>(
  fetch: (after: C | null) => Promise<R[]>,
  cursor: (last: R) => C,
  map: (row: R) => Record<string, unknown>,
  limit: number,
): AsyncGenerator<Record<string, unknown>[]> {
  let after: C | null = null;
  for (;;) {
    const rows = await fetch(after);
    yield rows.map(map);
    if (rows.length < limit) return;
    after = cursor(rows[rows.length - 1]!);
  }
}

/** `attachment` with an ASCII fallback name and the Chinese name for browsers that read filename*. */
export function attachment(asciiName: string, chineseName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(chineseName)}`;
}
