import type { PassThrough } from 'node:stream';
import type { Db } from '../../db/client';
import { learningRecord } from '../learning';
import { keysetBatches, streamSheet } from './xlsx-stream';

const BATCH = 1000;

/**
 * The continuing-education hours of one calendar year as an Excel sheet, one learner a row, written as a stream
 * (rows read in id-ordered batches) so a large year never sits in memory.
 */
export function learningHoursWorkbook(db: Db, year: number): Promise<PassThrough> {
  return streamSheet(
    `${year}年学习时长`,
    [
      { header: '手机号', key: 'phone', width: 14 },
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'id_number', width: 22 },
      { header: '单位', key: 'company', width: 28 },
      { header: '学习时长（小时）', key: 'hours', width: 16 },
      { header: '学习时长（分钟）', key: 'minutes', width: 16 },
      { header: '完成课程（门）', key: 'finished', width: 14 },
    ],
    () =>
      keysetBatches(
        (after: number | null) => learningRecord.yearTotals(db, { year, afterUserId: after ?? 0, limit: BATCH }),
        (last) => last.user_id,
        (r) => ({
          phone: r.phone,
          name: r.real_name ?? r.nickname ?? '',
          id_number: r.id_number ?? '',
          company: r.company_name ?? '',
          hours: Math.round((r.seconds / 3600) * 100) / 100,
          minutes: Math.floor(r.seconds / 60),
          finished: r.finished,
        }),
        BATCH,
      ),
  );
}
