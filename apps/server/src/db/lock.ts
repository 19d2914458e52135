import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `数据目录已被另一个服务进程（PID ${pid}）占用，请先停止该进程，或为本进程设置不同的 DATA_DIR。\n` +
        `The data directory is in use by another server process (pid ${pid}). Stop it first or use a different DATA_DIR. ` +
        `Lock file: ${lockFile}`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes `<dataDir>/db.lock` (content: our pid). PGlite is single-process: a second server on the same directory
 * would corrupt it. A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'db.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  if (heldHere.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
      // Our own pid in the file can only be a leftover (e.g. container restarts reuse pid 1).
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(lockFile, pid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not take the lock ${lockFile}`);
}
