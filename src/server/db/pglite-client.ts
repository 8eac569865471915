import { Worker } from 'node:worker_threads';
import { pgliteModules } from './pglite-modules.ts';
import { logToStderr, retryWithBackoff, type DatabaseLog } from './recovery.ts';
import {
  deserializeError,
  type Reply,
  type Request,
  type WorkerOptions,
  type WorkerQueryOptions,
} from './pglite-protocol.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Call = DistributiveOmit<Request, 'id'>;

/** The options Drizzle's PGlite driver passes: parsers that return the text as is for some types. */
interface DrizzleQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: DrizzleQueryOptions): Promise<{ rows: T[] }>;
}

/**
 * The part of PGlite's interface that `drizzle-orm/pglite` uses (query, interactive transactions),
 * plus LISTEN and close, answered by PGlite running in a worker thread (pglite-worker.ts).
 *
 * A PANIC (a full disk when PostgreSQL needs a new WAL file) leaves PGlite spinning on the next query
 * for ever: the worker is then stopped and a new one started on the same directory, with backoff,
 * which succeeds once there is space again (PostgreSQL recovers from its WAL). Meanwhile every call
 * fails at once with the PANIC's error.
 */
export class PgliteWorkerClient implements Queryable {
  #options: WorkerOptions;
  readonly #log: DatabaseLog;
  #worker: Worker | undefined;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, () => void>();
  #nextId = 1;
  #nextTransaction = 1;
  /** The PANIC that stopped the worker, until a new one runs. */
  #down: Error | undefined;
  #stopRestarting = () => {};
  #stopped: Error | undefined;

  private constructor(options: WorkerOptions, log: DatabaseLog) {
    this.#options = options;
    this.#log = log;
  }

  static async start(options: WorkerOptions, log: DatabaseLog = logToStderr): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(options, log);
    client.#worker = await client.#startWorker();
    // A worker started again after a PANIC finds the restored directory as it was left.
    client.#options = { location: options.location };
    return client;
  }

  async #startWorker(): Promise<Worker> {
    const workerData: WorkerOptions = { ...this.#options, modules: await pgliteModules() };
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData });
    // Only the worker in use is listened to: one stopped after a PANIC may still have sent something.
    const current = () => worker === this.#worker;
    return new Promise((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if (reply.type === 'ready') resolve(worker);
        else if (reply.type === 'error' && reply.id === null) reject(deserializeError(reply.error));
        else if (current()) this.#receive(reply);
      });
      worker.once('error', (error: Error) => {
        reject(error);
        if (current()) this.#stop(error);
      });
      worker.once('exit', (code) => {
        const error = new Error(`The embedded database stopped (worker exit code ${code})`);
        reject(error);
        if (current() && !this.#down) this.#stop(error);
      });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options: DrizzleQueryOptions = {}) {
    return this.#call({ op: 'query', sql, params, options: workerOptions(options) }) as Promise<{ rows: T[] }>;
  }

  /**
   * An interactive transaction: committed when `work` resolves, rolled back when it throws. Its first
   * query follows the begin at once, so PGlite never sits idle waiting for it (the worker holds it
   * until the transaction has started).
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>, beforeCommit?: string): Promise<T> {
    const tx = this.#nextTransaction++;
    const begun = this.#call({ op: 'begin', tx });
    let ended = false;
    const executor: Queryable = {
      query: <R>(sql: string, params: unknown[] = [], options: DrizzleQueryOptions = {}) =>
        ended
          ? Promise.reject(new Error('The transaction has already ended'))
          : (this.#call({ op: 'query', sql, params, options: workerOptions(options), tx }) as Promise<{ rows: R[] }>),
    };
    let result: T;
    try {
      result = await work(executor);
      await begun;
    } catch (error) {
      ended = true;
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    ended = true;
    await this.#call({ op: 'end', tx, commit: true, beforeCommit });
    return result;
  }

  /** This client, whose transactions all run `statement` right before they commit, in the same turn. */
  committingWith(statement: string): Queryable & Pick<PgliteWorkerClient, 'transaction'> {
    return {
      query: (sql, params, options) => this.query(sql, params, options),
      transaction: (work) => this.transaction(work, statement),
    };
  }

  async listen(channel: string, onNotification: () => void): Promise<void> {
    this.#listeners.set(channel, onNotification);
    await this.#call({ op: 'listen', channel });
  }

  /** A consistent copy of the data directory as a gzipped tarball (pglite-worker.ts). */
  backup(): Promise<Uint8Array> {
    return this.#call({ op: 'backup' }) as Promise<Uint8Array>;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#stopRestarting();
    if (!this.#down) await this.#call({ op: 'close' });
    this.#stop(new Error('The embedded database is closed'));
    await this.#worker?.terminate();
  }

  #call(call: Call): Promise<unknown> {
    const failure = this.#stopped ?? this.#down;
    if (failure) return Promise.reject(failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker!.postMessage({ ...call, id });
    });
  }

  #receive(reply: Reply) {
    if (reply.type === 'notification') return this.#listeners.get(reply.channel)?.();
    if (reply.type === 'ready' || reply.id === null) return;
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.type === 'result') return pending?.resolve(reply.value);
    const error = deserializeError(reply.error);
    pending?.reject(error);
    if (reply.error.severity === 'PANIC') this.#restart(error);
  }

  #restart(panic: Error) {
    if (this.#down) return;
    const location = this.#options.location;
    // In memory, a new database would start empty.
    if (!location) return this.#stop(panic);
    this.#down = panic;
    this.#failPending(panic);
    void this.#worker!.terminate();
    this.#log(`the embedded database in ${location} stopped; starting it again, with backoff`, panic);
    this.#stopRestarting = retryWithBackoff(
      async () => {
        const worker = await this.#startWorker();
        if (this.#stopped) return void worker.terminate();
        this.#worker = worker;
        this.#down = undefined;
        for (const [channel, onNotification] of this.#listeners) {
          void this.#call({ op: 'listen', channel }).catch(() => {});
          // A commit may have come just before the PANIC without its notification.
          onNotification();
        }
      },
      {
        failed: (failures, error) =>
          this.#log(`could not start the embedded database again (attempt ${failures}); is ${location} full?`, error),
        succeeded: (failures) => this.#log(`the embedded database runs again after ${failures} failed attempts`),
      },
    );
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    this.#failPending(error);
  }

  #failPending(error: Error) {
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}

function workerOptions({ rowMode, parsers = {} }: DrizzleQueryOptions): WorkerQueryOptions {
  return { rowMode, rawTypes: Object.keys(parsers).map(Number) };
}
