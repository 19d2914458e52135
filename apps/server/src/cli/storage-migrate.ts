// `npm run storage:migrate -- --from local --to s3` (or `--from s3 --to local`): copies every stored file between the
// local disk (DATA_DIR) and the S3-compatible bucket (S3_*), whatever STORAGE_DRIVER says, checking each copy by size
// and SHA-256 read back from the target. Resumable: the journal (default DATA_DIR/.storage-migrate-<from>-to-<to>.jsonl,
// or --state FILE) records verified keys, and a rerun copies only the rest. The source is never changed.
// `--empty-target` refuses to start (no journal yet) when the target already holds stored files.
// Exit code: 0 when every file is verified on the target, 1 when any failed, 2 on wrong arguments.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { createLocalStorage, createS3Storage, STORED_FILE_PREFIXES, type Storage } from '../lib/storage';
import { migrateStorage, MigrationStateError, summaryLines } from './storage-migration';

const USAGE = '用法 / usage: npm run storage:migrate -- --from local|s3 --to s3|local [--state FILE] [--empty-target]';

function argument(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

type Side = 'local' | 's3';

interface Opened {
  storage: Storage;
  name: string;
  /** How the operator removes the stored files of this side once the move is checked. */
  deleteHint: string[];
}

function open(side: Side, config: Config, s3: Extract<Config['storage'], { driver: 's3' }> | null): Opened {
  if (side === 'local') {
    return {
      storage: createLocalStorage(config.dataDir),
      name: `local:${config.dataDir}`,
      deleteHint: [`rm -r ${STORED_FILE_PREFIXES.map((p) => path.join(config.dataDir, p)).join(' ')}`],
    };
  }
  const c = s3!;
  const endpoint = c.endpoint ? ` --endpoint-url ${c.endpoint}` : '';
  return {
    storage: createS3Storage(c),
    name: `s3:${c.endpoint ?? 'aws'}/${c.bucket}/${c.prefix}`,
    deleteHint: STORED_FILE_PREFIXES.map((p) => `aws${endpoint} s3 rm --recursive s3://${c.bucket}/${c.prefix}${p}`),
  };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const from = argument(argv, 'from');
  const to = argument(argv, 'to');
  if ((from !== 'local' && from !== 's3') || (to !== 'local' && to !== 's3') || from === to) {
    console.error(USAGE);
    return 2;
  }
  let config: Config;
  let s3: Extract<Config['storage'], { driver: 's3' }> | null;
  try {
    config = loadConfig(process.env);
    // The bucket's settings are read even when the server runs on the local disk (before the switch), and the
    // other way round.
    const s = loadConfig({ ...process.env, STORAGE_DRIVER: 's3' }).storage;
    s3 = s.driver === 's3' ? s : null;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const source = open(from, config, s3);
  const target = open(to, config, s3);
  const statePath = path.resolve(argument(argv, 'state') ?? path.join(config.dataDir, `.storage-migrate-${from}-to-${to}.jsonl`));
  console.log(`日志 / journal: ${statePath}`);
  let summary;
  try {
    summary = await migrateStorage({
      source: source.storage,
      target: target.storage,
      sourceName: source.name,
      targetName: target.name,
      statePath,
      // A restore (scripts/backup.mjs) goes only into an empty bucket or directory.
      requireEmptyTarget: argv.includes('--empty-target'),
    });
  } catch (err) {
    if (err instanceof MigrationStateError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  for (const line of summaryLines(summary, from, to)) console.log(line);
  if (summary.failed.length) return 1;
  console.log('');
  console.log('源文件未改动 / the source was not changed. 切换后确认无误，再删除源文件 / after switching STORAGE_DRIVER and checking, remove the source with:');
  for (const line of source.deleteHint) console.log(`  ${line}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
