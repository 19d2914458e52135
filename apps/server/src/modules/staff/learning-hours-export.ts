import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { learningRecord } from '../learning';

const BATCH = 1000;

/**
 * The continuing-education hours of one calendar year as an Excel sheet, one learner a row, written as a stream
 * (exceljs' streaming writer, rows read in id-ordered batches) so a large year never sits in memory.
 */
export function learningHoursWorkbook(db: Db, year: number): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(`${year}年学习时长`);
  ws.columns = [
    { header: '手机号', key: 'phone', width: 14 },
    { header: '姓名', key: 'name', width: 12 },
    { header: '身份证号', key: 'id_number', width: 22 },
    { header: '单位', key: 'company', width: 28 },
    { header: '学习时长（小时）', key: 'hours', width: 16 },
    { header: '学习时长（分钟）', key: 'minutes', width: 16 },
    { header: '完成课程（门）', key: 'finished', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    try {
      let after = 0;
      for (;;) {
        const rows = await learningRecord.yearTotals(db, { year, afterUserId: after, limit: BATCH });
        for (const r of rows) {
          ws.addRow({
            phone: r.phone,
            name: r.real_name ?? r.nickname ?? '',
            id_number: r.id_number ?? '',
            company: r.company_name ?? '',
            hours: Math.round((r.seconds / 3600) * 100) / 100,
            minutes: Math.floor(r.seconds / 60),
            finished: r.finished,
          }).commit();
        }
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!.user_id;
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
