import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import type { Database } from '../db/database.ts';

/**
 * While the server runs, its embedded database is copied through a socket in the data directory:
 * whoever may read the directory may take the copy, nobody else (no port, no password). The answer
 * is a line, `ok <bytes>` or `error <message>`, then the gzipped tarball.
 */
export const backupSocketOf = (dataDir: string) => path.join(path.resolve(dataDir), 'backup.sock');

/** Answers backups on the data directory's socket; returns the function that stops it. */
export async function serveBackups(dataDir: string, backup: NonNullable<Database['backup']>) {
  const socket = backupSocketOf(dataDir);
  // A socket file left by a server that was killed; the data directory's lock says this one owns it.
  rmSync(socket, { force: true });
  const server = createServer((connection) => {
    connection.on('error', () => {});
    backup().then(
      (bytes) => {
        connection.write(`ok ${bytes.length}\n`);
        connection.end(bytes);
      },
      (error: unknown) => connection.end(`error ${(error as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The running server's copy, or null when no server answers on the data directory's socket. */
export function requestBackup(dataDir: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = connect(backupSocketOf(dataDir));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    connection.on('end', () => {
      const answer = Buffer.concat(chunks);
      const lineEnd = answer.indexOf('\n');
      const [status, ...rest] = answer.subarray(0, lineEnd).toString().split(' ');
      const bytes = answer.subarray(lineEnd + 1);
      if (status === 'ok' && bytes.length === Number(rest[0])) resolve(new Uint8Array(bytes));
      else reject(new Error(status === 'error' ? rest.join(' ') : 'the server ended the copy before its end'));
    });
  });
}
