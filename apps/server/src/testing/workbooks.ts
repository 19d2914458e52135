/**
 * Workbooks for the workbook guard's tests and its benchmark (bench/workbook-guard.bench.mjs): zip archives written
 * by hand, so a file can declare (or misstate) any uncompressed size.
 */
import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Raw deflate data, or the stored bytes when `method` is 0. */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
}

/** A zip archive written by hand, so a test can declare (or misstate) any uncompressed size. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export function stored(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return { name, data, method: 0, crc: crc32(data), size: data.length };
}

/**
 * An .xlsx whose sheet inflates to about 200 MB from about 600 KB: one 1 MB slice of rows deflated on its own
 * (sync-flushed, so copies can follow each other) and repeated 200 times, then the final block. `declaredSize`: the
 * sheet's uncompressed size written in the zip's directories (its true size when absent); `padding`: the slice is one
 * row whose value is 1 MB of digits, so no row limit stops the inflating early.
 */
export function workbookBomb(opts: { declaredSize?: number; padding?: boolean } = {}): Buffer {
  const rows: string[] = ['<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData>'];
  let length = rows[0]!.length;
  if (opts.padding) rows.push(`<row><c><v>${'0'.repeat(1024 * 1024)}`);
  for (let i = 1; length < 1024 * 1024; i++) {
    const row = `<row><c><v>${i % 2}</v></c></row>`;
    rows.push(row);
    length += row.length;
  }
  const slice = Buffer.from(rows.join('')).subarray(0, 1024 * 1024);
  const deflated = deflateRawSync(slice, { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const copies = 200;
  let crc = 0;
  for (let i = 0; i < copies; i++) crc = crc32(slice, crc);
  const data = Buffer.concat([...Array<Buffer>(copies).fill(deflated), Buffer.from([0x03, 0x00])]);
  return zip([
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
    stored('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
    {
      name: 'xl/worksheets/sheet1.xml',
      data,
      method: 8,
      crc,
      size: opts.declaredSize ?? slice.length * copies,
    },
  ]);
}
