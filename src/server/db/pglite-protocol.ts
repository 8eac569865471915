/** Messages between the server's main thread (pglite-client.ts) and the PGlite worker (pglite-worker.ts). */
import type { PgliteModules } from './pglite-modules.ts';

export interface WorkerQueryOptions {
  rowMode?: 'array' | 'object';
  /** Types whose text is returned as is (Drizzle parses dates itself); functions cannot cross threads. */
  rawTypes?: number[];
}

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options: WorkerQueryOptions; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  /** `beforeCommit` runs in the transaction right before COMMIT, in the same turn. */
  | { id: number; op: 'end'; tx: number; commit: boolean; beforeCommit?: string }
  | { id: number; op: 'listen'; channel: string }
  /** A gzipped tarball of the data directory, taken between transactions (answered as bytes). */
  | { id: number; op: 'backup' }
  | { id: number; op: 'close' };

/** An error as plain data: message plus PostgreSQL's fields (code, detail, constraint, ...). */
export type SerializedError = { message: string } & Record<string, string | number | undefined>;

export type Reply =
  | { type: 'ready' }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number | null; error: SerializedError }
  | { type: 'notification'; channel: string };

export interface WorkerOptions {
  /** Absolute PGlite data directory; in memory when absent. */
  location?: string;
  /** A backup (gzipped tarball) to fill the empty directory with before starting. */
  restoreFrom?: Uint8Array<ArrayBuffer>;
  /** PGlite's WebAssembly, compiled by the process (pglite-modules.ts). */
  modules?: PgliteModules;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: SerializedError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

export function deserializeError({ message, ...fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields);
}
