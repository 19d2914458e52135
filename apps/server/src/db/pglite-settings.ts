import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './sql';

/**
 * Keeps the embedded database's shared_buffers at `mb`: when it differs, `ALTER SYSTEM` writes the value to the data
 * directory's postgresql.auto.conf, which PostgreSQL reads at its next start (the running one keeps its buffers).
 * PostgreSQL's default of 128 MB was most of an idle process's memory; PGlite reads its files through the operating
 * system's cache, so a small buffer pool costs a copy, not a disk read. Returns whether the setting was changed.
 */
export async function keepPgliteSharedBuffers(db: Db, mb: number): Promise<boolean> {
  if (!Number.isInteger(mb) || mb < 1) throw new Error(`shared_buffers must be a whole number of MB, got ${mb}`);
  // The value the next start will use: the configuration files' last entry (postgresql.auto.conf, which ALTER SYSTEM
  // writes, is read after postgresql.conf; a value waiting for a restart is listed with "could not be applied"),
  // else the one in force.
  const [row] = await rowsOf<{ bytes: string }>(
    db,
    sql`select pg_size_bytes(coalesce(
          (select setting from pg_file_settings where name = 'shared_buffers' order by seqno desc limit 1),
          current_setting('shared_buffers'))) as bytes`,
  );
  if (row && Number(row.bytes) === mb * 1024 * 1024) return false;
  // A whole number checked above: safe to spell into the statement (ALTER SYSTEM takes no parameters).
  await db.execute(sql.raw(`ALTER SYSTEM SET shared_buffers = '${mb}MB'`));
  return true;
}
