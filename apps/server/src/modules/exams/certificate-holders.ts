import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/pg-array';
import { examsCertificates } from './exams.table';

/**
 * Holders of a valid certificate (not revoked, not expired at `at`) of any of the exam types, as a SQL fragment of
 * rows (user_id, type_id) for another area's statement: the standards area counts and walks them together with a
 * course's finishers in one statement, each person once. A holder of several such certificates gives several rows.
 */
export function validCertificateHolders(typeIds: readonly number[], at: Date): SQL {
  return sql`SELECT c.user_id, c.type_id FROM ${examsCertificates} c
              WHERE c.type_id = ANY(${pgArray(typeIds)}::int[])
                AND c.revoked_at IS NULL AND c.valid_until > ${at}::timestamptz`;
}
