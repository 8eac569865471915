import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** PGlite's WebAssembly: the database, and initdb for a new data directory. */
export interface PgliteModules {
  pglite: WebAssembly.Module;
  initdb: WebAssembly.Module;
}

let compiled: Promise<PgliteModules> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to each database thread it starts
 * (pglite-worker.ts): a database starts without compiling it again, and the code lives as long as the
 * process. A thread that compiled its own left V8 to free that code when it ended; the tests start and
 * stop hundreds of databases in one process, and such churn is known to abort Node on a V8 check of
 * its code pages now and then (https://github.com/nodejs/node/issues/64500).
 */
export function pgliteModules(): Promise<PgliteModules> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pglite, initdb] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pglite, initdb };
  })();
  return compiled;
}
