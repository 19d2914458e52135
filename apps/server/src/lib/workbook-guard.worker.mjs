// The worker of the workbook guard (see workbook-guard.ts): reads an .xlsx upload's zip central directory and
// refuses it on the declared sizes before inflating anything, then inflates the entries as a stream, counting
// bytes, rows, cells per row and text length, and stops at the first limit. Plain JavaScript so the same file runs
// from the TypeScript sources (tests) and, bundled by build.mjs as dist/workbook-worker.js, from the built server.
import yauzl from 'yauzl';

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const STRINGS = /^xl\/sharedStrings\.xml$/;
// Tags the scanner counts; ASCII, so a latin1 reading of UTF-8 bytes finds them.
const TAG = /<(row|c|t|\/t)[\s>/]/g;
const CARRY = 8;

/**
 * @param {{ content: Uint8Array, limits: { maxEntries: number, maxUncompressedBytes: number, maxRows: number,
 *   maxColumns: number, maxCellBytes: number } }} task
 * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
 */
export default function guardWorkbook({ content, limits }) {
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  return new Promise((resolve) => {
    let settled = false;
    let zipFile = null;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      if (zipFile) zipFile.close();
      resolve(result);
    };
    // yauzl 2's own size check destroys its stream without an error on Node 20 (it never ends), so sizes are
    // counted here.
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: false }, (err, zip) => {
      if (err || !zip) return finish({ ok: false, reason: 'unreadable' });
      zipFile = zip;
      if (zip.entryCount > limits.maxEntries) return finish({ ok: false, reason: 'entries' });
      let declared = 0;
      let inflated = 0;
      zip.on('error', () => finish({ ok: false, reason: 'unreadable' }));
      zip.on('end', () => finish({ ok: true }));
      zip.on('entry', (entry) => {
        if (settled) return;
        // The central directory's sizes come first: a zip bomb that declares its size is refused uninflated.
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) return finish({ ok: false, reason: 'uncompressed' });
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const isSheet = SHEET.test(entry.fileName);
        const isStrings = STRINGS.test(entry.fileName);
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return finish({ ok: false, reason: 'unreadable' });
          const scan = isSheet || isStrings ? scanner(limits, isSheet) : null;
          let entryBytes = 0;
          stream.on('data', (chunk) => {
            if (settled) return;
            // A zip that understates its sizes is stopped by the count of what actually inflates.
            inflated += chunk.length;
            entryBytes += chunk.length;
            if (entryBytes > entry.uncompressedSize) {
              stream.destroy();
              return finish({ ok: false, reason: 'unreadable' });
            }
            if (inflated > limits.maxUncompressedBytes) {
              stream.destroy();
              return finish({ ok: false, reason: 'uncompressed' });
            }
            const reason = scan?.(chunk);
            if (reason) {
              stream.destroy();
              finish({ ok: false, reason });
            }
          });
          stream.on('error', () => finish({ ok: false, reason: 'unreadable' }));
          stream.on('end', () => {
            if (!settled) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * The guard, then, for a workbook within every limit, exceljs's reading of it, still on this thread: each sheet's
 * name and its cell values by row and column (1-based, as Excel counts). Values are exceljs's own (string, number,
 * boolean, Date, or an object with richText, text, result or error), which cross to the main thread as they are.
 *
 * @returns {Promise<{ ok: true, sheets: { name: string, rows: unknown[][] }[] } | { ok: false, reason: string }>}
 */
export async function read(task) {
  const guarded = await guardWorkbook(task);
  if (!guarded.ok) return guarded;
  const { content } = task;
  // Loaded on the first read, not when the thread starts: a hostile file is refused by the guard alone.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const sheets = workbook.worksheets.map((ws) => {
    const rows = [];
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      const values = [];
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        values[c] = cell.value;
      });
      rows[r] = values;
    });
    return { name: ws.name, rows };
  });
  return { ok: true, sheets };
}

/** A streaming counter of rows, cells per row and text length over one XML entry; returns the limit hit. */
function scanner(limits, isSheet) {
  let carry = '';
  let offset = 0; // bytes of the entry before `carry`
  let rows = 0;
  let cells = 0;
  let textStart = -1;
  return (chunk) => {
    const s = carry + chunk.toString('latin1');
    const end = Math.max(0, s.length - CARRY);
    TAG.lastIndex = 0;
    let m;
    while ((m = TAG.exec(s)) && m.index < end) {
      const tag = m[1];
      if (tag === 'row' && isSheet) {
        rows += 1;
        cells = 0;
        if (rows > limits.maxRows) return 'rows';
      } else if (tag === 'c' && isSheet) {
        cells += 1;
        if (cells > limits.maxColumns) return 'columns';
      } else if (tag === 't') {
        textStart = offset + m.index;
      } else if (tag === '/t' && textStart >= 0) {
        if (offset + m.index - textStart > limits.maxCellBytes) return 'cell';
        textStart = -1;
      }
    }
    if (textStart >= 0 && offset + s.length - textStart > limits.maxCellBytes + CARRY) return 'cell';
    carry = s.slice(end);
    offset += end;
    return null;
  };
}
