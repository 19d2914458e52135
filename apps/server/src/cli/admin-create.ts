// `npm run admin:create -- --phone 13912345678`: creates the first administrator (or promotes an existing account)
// on the configured database, the same one the server uses (DATABASE_URL, or PGlite in DATA_DIR with the server
// stopped). The password is asked for twice without echo; a script may pipe it on stdin instead:
//   printf '%s\n' 'S3cret_pass' | npm run admin:create -- --phone 13912345678
import { staffMessages as m } from '@app/contracts';
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { systemClock } from '../lib/clock';
import { createFirstAdministrator, FirstAdminError } from '../modules/staff';

const PASSWORD_PROMPT = '请输入管理员密码（8-16位数字、字母或下划线）：';
const CONFIRM_PROMPT = '请再次输入密码：';

function phoneArgument(argv: string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--phone') return argv[i + 1] ?? null;
    if (a.startsWith('--phone=')) return a.slice('--phone='.length);
  }
  return null;
}

/** One line typed without echo (raw mode); Ctrl-C aborts. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of stdin (a piped password). */
async function readPipedLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<number> {
  const phone = phoneArgument(process.argv.slice(2));
  if (!phone) {
    console.error(m.phoneArgumentMissing);
    return 2;
  }
  let password: string;
  if (process.stdin.isTTY) {
    password = await readHidden(PASSWORD_PROMPT);
    if ((await readHidden(CONFIRM_PROMPT)) !== password) {
      console.error(m.passwordMismatch);
      return 1;
    }
  } else {
    password = await readPipedLine();
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    // An empty database gets its tables first (the server would do the same on its first start).
    await database.exclusive(() => database.migrate());
    const result = await createFirstAdministrator(
      { db: database.db, clock: systemClock },
      { phone, password },
    );
    console.log(result.message);
    return 0;
  } catch (err) {
    if (err instanceof FirstAdminError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
