import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/pglite.ts';
import { checkDataDir, DataDirError } from '../lib/data-dir.ts';
import { countRecords } from '../repositories/backup-check.ts';
import { requestBackup } from './socket.ts';

const usage = `Usage: npm run backup -- FILE     a consistent copy of the embedded database (DATA_DIR), server running or not
       npm run restore -- FILE    the copy into an empty DATA_DIR, before the server starts on it

A PostgreSQL server (DATABASE_URL) is backed up with pg_dump and restored with pg_restore (src/docs/operations.md).`;

class UsageError extends Error {}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(dataDir: string, file: string) {
  let bytes = await requestBackup(dataDir);
  const from = bytes ? 'from the running server' : 'with no server running';
  if (!bytes) {
    const database = await openPglite(dataDir);
    try {
      bytes = await database.backup!();
    } finally {
      await database.close();
    }
  }
  // Written beside and renamed, so that FILE is never a half-written copy.
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  console.log(`Wrote ${file} (${megabytes(bytes.length)}), copied ${from}.`);
}

async function restore(dataDir: string, file: string) {
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);
  checkDataDir(dataDir);
  const location = path.join(path.resolve(dataDir), 'pgdata');
  if (existsSync(location) && readdirSync(location).length > 0) {
    throw new UsageError(
      `${location} holds a database already: restore into an empty DATA_DIR (move this one aside first)`,
    );
  }
  const database = await openPglite(dataDir, undefined, { restoreFrom: new Uint8Array(readFileSync(file)) });
  try {
    const counts = await countRecords(database.db);
    console.log(`Restored ${file} into ${location}: ${counts}. Start the server on this DATA_DIR.`);
  } finally {
    await database.close();
  }
}

const [command, file] = process.argv.slice(2);
try {
  const config = loadConfig();
  if (!file || (command !== 'backup' && command !== 'restore')) throw new UsageError(usage);
  if (config.DATABASE_URL) throw new UsageError(`DATABASE_URL is set.\n\n${usage}`);
  await (command === 'backup' ? backup : restore)(config.DATA_DIR, file);
} catch (error) {
  if (!(error instanceof UsageError || error instanceof DataDirError)) throw error;
  console.error(error.message);
  process.exit(1);
}
