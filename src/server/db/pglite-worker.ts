/**
 * Runs PGlite (PostgreSQL compiled to WASM) on a thread of its own, so that queries, and above all
 * the conversion of uploaded files to and from bytea, never hold the HTTP event loop.
 * The main thread talks to it through pglite-client.ts; see pglite-protocol.ts for the messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './database.ts';
import {
  serializeError,
  type Reply,
  type Request,
  type WorkerOptions,
  type WorkerQueryOptions,
} from './pglite-protocol.ts';

const port = parentPort!;
const { location, restoreFrom, modules } = workerData as WorkerOptions;

// PGlite's own bytea codecs walk every byte in JavaScript (seconds for a 10 MB file); Node's hex codec is native.
const byteaCodecs = {
  serializers: {
    [types.BYTEA]: (value: Uint8Array | string) =>
      typeof value === 'string'
        ? value
        : `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: {
    [types.BYTEA]: (text: string) => {
      const bytes = Buffer.allocUnsafeSlow((text.length - 2) / 2);
      bytes.write(text.slice(2), 'hex');
      return bytes;
    },
  },
};

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  /** The request id of the commit or rollback, answered once PGlite has done it. */
  endRequest?: number;
  /** Why a commit turned into a rollback: its `beforeCommit` statement failed. */
  failure?: unknown;
}

const rollback = new Error('rollback');
/**
 * Transactions by the id the main thread gave them. The main thread sends a transaction's queries
 * right after its begin, without waiting for it, so they wait here until it has started.
 */
const transactions = new Map<number, PromiseWithResolvers<OpenTransaction>>();

function opening(id: number) {
  let deferred = transactions.get(id);
  if (!deferred) transactions.set(id, (deferred = Promise.withResolvers()));
  return deferred;
}

function send(reply: Reply, transfer: ArrayBuffer[] = []) {
  port.postMessage(reply, transfer);
}

function queryOptions({ rowMode, rawTypes = [] }: WorkerQueryOptions) {
  return { rowMode, parsers: Object.fromEntries(rawTypes.map((type) => [type, (text: string) => text])) };
}

/**
 * A file's bytes sent as a query parameter become hex text that PostgreSQL parses back; PGlite can
 * instead hand one blob to the query as the file /dev/blob, which takes about half the time.
 */
function withLargeBytesAsBlob(sql: string, params: unknown[], options: ReturnType<typeof queryOptions>) {
  const large = params.findIndex((value) => value instanceof Uint8Array && value.byteLength >= 1_048_576);
  if (large === -1) return [sql, params, options] as const;
  const placeholder = new RegExp(`\\$${large + 1}(?!\\d)`, 'g');
  const fromBlob = `coalesce($${large + 1}::bytea, pg_read_binary_file('/dev/blob'))`;
  const blob = new Blob([params[large] as Uint8Array<ArrayBuffer>]);
  return [sql.replace(placeholder, fromBlob), params.with(large, null), { ...options, blob }] as const;
}

/** Large bytea values move to the main thread without a copy. */
function transferables(rows: unknown[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const row of rows) {
    for (const value of Object.values(row as object)) {
      if (value instanceof Uint8Array && value.byteLength >= 65_536 && value.buffer instanceof ArrayBuffer) {
        if (value.byteLength === value.buffer.byteLength) buffers.push(value.buffer);
      }
    }
  }
  return buffers;
}

/** Queries outside transactions in flight; a transaction starts only after those before it. */
const reads = new Set<Promise<unknown>>();
let writers = Promise.resolve();

/**
 * Transactions start one after another, each after the reads that were waiting when its turn came:
 * a read (health, a list) then waits for at most the one transaction running, not for every upload queued.
 */
function begin(db: PGlite, requestId: number, id: number) {
  writers = writers.then(async () => {
    await Promise.allSettled([...reads]);
    await runTransaction(db, requestId, id);
  });
}

/** Waits its turn like a transaction, so the copy holds no half-done write, then checkpoints and copies. */
function backup(db: PGlite, requestId: number) {
  writers = writers.then(async () => {
    await Promise.allSettled([...reads]);
    try {
      await db.query('CHECKPOINT');
      const bytes = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
      send({ type: 'result', id: requestId, value: bytes }, [bytes.buffer]);
    } catch (error) {
      send({ type: 'error', id: requestId, error: serializeError(error) });
    }
  });
}

async function runTransaction(db: PGlite, requestId: number, id: number) {
  let open: OpenTransaction | undefined;
  await db
    .transaction(async (tx) => {
      const finished = new Promise<void>((resolve, reject) => {
        open = { tx, finish: (commit) => (commit ? resolve() : reject(rollback)) };
      });
      opening(id).resolve(open!);
      send({ type: 'result', id: requestId, value: null });
      await finished;
    })
    .then(
      () => endTransaction(id, open),
      (error: unknown) => {
        if (!open) {
          send({ type: 'error', id: requestId, error: serializeError(error) });
          opening(id).promise.catch(() => {});
          opening(id).reject(error);
        }
        endTransaction(id, open, error === rollback ? open?.failure : error);
      },
    );
}

function endTransaction(id: number, open: OpenTransaction | undefined, error?: unknown) {
  transactions.delete(id);
  const endRequest = open?.endRequest;
  if (endRequest === undefined) return;
  if (error === undefined) send({ type: 'result', id: endRequest, value: null });
  else send({ type: 'error', id: endRequest, error: serializeError(error) });
}

async function handle(db: PGlite, request: Request) {
  switch (request.op) {
    case 'query': {
      const executor = request.tx === undefined ? db : (await opening(request.tx).promise).tx;
      const [sql, params, options] = withLargeBytesAsBlob(request.sql, request.params, queryOptions(request.options));
      const running = executor.query(sql, params, options);
      if (request.tx === undefined) {
        reads.add(running);
        void running.catch(() => {}).finally(() => reads.delete(running));
      }
      const result = await running;
      // Drizzle reads only the rows and the count; the field descriptions would be copied for nothing.
      const { rows, affectedRows } = result;
      send({ type: 'result', id: request.id, value: { rows, affectedRows } }, transferables(rows));
      return;
    }
    case 'begin':
      return begin(db, request.id, request.tx);
    case 'end': {
      const open = await opening(request.tx).promise;
      open.endRequest = request.id;
      if (request.commit && request.beforeCommit) {
        try {
          await open.tx.query(request.beforeCommit);
        } catch (error) {
          open.failure = error;
          return open.finish(false);
        }
      }
      return open.finish(request.commit);
    }
    case 'backup':
      return backup(db, request.id);
    case 'listen':
      await db.listen(request.channel, () => send({ type: 'notification', channel: request.channel }));
      send({ type: 'result', id: request.id, value: null });
      return;
    case 'close':
      await db.close();
      send({ type: 'result', id: request.id, value: null });
  }
}

try {
  const loadDataDir = restoreFrom && new Blob([restoreFrom]);
  const db = await PGlite.create(location, {
    extensions: { pg_trgm },
    ...byteaCodecs,
    loadDataDir,
    pgliteWasmModule: modules?.pglite,
    initdbWasmModule: modules?.initdb,
  });
  await migrate(drizzle(db), { migrationsFolder });
  port.on('message', (request: Request) => {
    handle(db, request).catch((error: unknown) =>
      send({ type: 'error', id: request.id, error: serializeError(error) }),
    );
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'error', id: null, error: serializeError(error) });
}
