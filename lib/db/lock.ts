// PGlite allows one process per data folder; a second opener silently loses writes (STACK-NOTES).
import fs from 'node:fs';
import path from 'node:path';

export class DataFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
    readonly holderCommand: string,
  ) {
    super(
      `The data folder ${folder} is in use by process ${holderPid} (${holderCommand}). ` +
        'Only one process may open the embedded database: stop that process first, ' +
        'or point this one at another folder with PGLITE_DIR, or use DATABASE_URL for PostgreSQL.',
    );
    this.name = 'DataFolderLockedError';
  }
}

interface LockInfo {
  pid: number;
  command: string;
  started_at: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFilePath(folder: string): string {
  return path.join(folder, 'sahyog.lock');
}

/** Who holds the folder now, or null when nobody (or only a dead process) does. */
export function readLockHolder(folder: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockFilePath(folder), 'utf8')) as LockInfo;
    return isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/** Takes the folder for this process; re-entrant within one process, refuses a second one. */
export function lockDataFolder(folder: string): () => void {
  fs.mkdirSync(folder, { recursive: true });
  const file = lockFilePath(folder);
  const mine: LockInfo = {
    pid: process.pid,
    command: process.argv.slice(1).map((a) => path.basename(a)).join(' ') || 'node',
    started_at: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      const unlock = () => {
        try {
          const now = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
          if (now.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', unlock);
      // a closed database takes its exit hook with it: a process that opens many (a test worker) kept every one,
      // and with it everything the hook's module could reach
      return () => {
        process.removeListener('exit', unlock);
        unlock();
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder: LockInfo | null = null;
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
      } catch {
        holder = null; // half-written by a crashed process: treat as stale
      }
      if (holder && holder.pid === process.pid) return () => {};
      if (holder && isAlive(holder.pid)) throw new DataFolderLockedError(folder, holder.pid, holder.command);
      fs.rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`Could not lock the data folder ${folder}`);
}
