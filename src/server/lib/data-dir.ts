import { randomUUID } from 'node:crypto';
import { accessSync, constants, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A data directory the server cannot use; main.ts prints the message as one line and exits. */
export class DataDirError extends Error {}

const permissions = [
  ['read', constants.R_OK],
  ['write', constants.W_OK],
  ['execute (enter)', constants.X_OK],
] as const;

/** Creates the directory when missing and names every permission this process lacks on it. */
export function checkDataDir(dir: string): void {
  const absolute = path.resolve(dir);
  try {
    mkdirSync(absolute, { recursive: true });
  } catch (error) {
    throw new DataDirError(`Data directory ${absolute} is missing and cannot be created: ${reason(error)}`);
  }
  const missing = permissions.filter(([, mode]) => !allowed(absolute, mode)).map(([name]) => name);
  if (missing.length > 0) {
    throw new DataDirError(`Data directory ${absolute} is not usable: ${missing.join(' and ')} permission missing`);
  }
}

function allowed(dir: string, mode: number): boolean {
  try {
    accessSync(dir, mode);
    return true;
  } catch {
    return false;
  }
}

function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'EACCES' || code === 'EPERM') return 'write permission missing on a parent directory';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a parent is not a directory';
  return (error as Error).message;
}

interface LockOwner {
  pid: number;
  /** Start time of the owning process (clock ticks since boot, Linux), so a reused pid is not taken for the owner. */
  startTicks: number | null;
  startedAt: string;
}

/**
 * Takes DATA_DIR/server.lock for this process: a second server on the same directory is refused
 * (both would write one PGlite database and lose each other's commits). A lock whose process is
 * gone is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const absolute = path.resolve(dir);
  const file = path.join(absolute, 'server.lock');
  const mine: LockOwner = {
    pid: process.pid,
    startTicks: startTicks(process.pid),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return () => releaseLock(file, mine);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') {
        throw new DataDirError(`Data directory ${absolute} cannot be locked: ${reason(error)}`);
      }
    }
    const text = readText(file);
    if (text === undefined) continue;
    const owner = parseOwner(text);
    if (owner && isRunning(owner)) {
      throw new DataDirError(
        `Data directory ${absolute} is in use by another IMSP server (pid ${owner.pid}, started ${owner.startedAt}); stop it or set another DATA_DIR`,
      );
    }
    takeOverStale(file, text);
  }
  throw new DataDirError(`Data directory ${absolute} cannot be locked: other servers keep starting on it`);
}

/** Moves a stale lock aside atomically, so that of two servers taking it over only one succeeds. */
function takeOverStale(file: string, staleText: string) {
  const aside = `${file}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // another server moved it first
  }
  // Between reading and moving, another server may have taken the lock over: give it back.
  if (readText(aside) !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // a third server holds the lock now; the retry reads it
    }
  }
  rmSync(aside, { force: true });
}

function releaseLock(file: string, mine: LockOwner) {
  const owner = parseOwner(readText(file) ?? '');
  if (owner?.pid === mine.pid && owner.startedAt === mine.startedAt) rmSync(file, { force: true });
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined; // a lock half written by a process that died at that moment
  }
}

function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  const ticks = startTicks(owner.pid);
  return owner.startTicks === null || ticks === null || ticks === owner.startTicks;
}

function startTicks(pid: number): number | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Field 22, counted after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? ticks : null;
}
