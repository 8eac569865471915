import { Worker } from 'node:worker_threads';
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
 */
export class PgliteWorkerClient implements Queryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, () => void>();
  #nextId = 1;
  #nextTransaction = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  static async start(options: WorkerOptions): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: options });
    const client = new PgliteWorkerClient(worker);
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'error' && reply.id === null) reject(deserializeError(reply.error));
        else client.#receive(reply);
      });
      worker.once('error', (error: Error) => {
        reject(error);
        client.#stop(error);
      });
      worker.once('exit', (code) => {
        const error = new Error(`The embedded database stopped (worker exit code ${code})`);
        reject(error);
        client.#stop(error);
      });
    });
    return client;
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

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: 'close' });
    this.#stop(new Error('The embedded database is closed'));
    await this.#worker.terminate();
  }

  #call(call: Call): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  #receive(reply: Reply) {
    if (reply.type === 'notification') return this.#listeners.get(reply.channel)?.();
    if (reply.type === 'ready' || reply.id === null) return;
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.type === 'result') pending?.resolve(reply.value);
    else pending?.reject(deserializeError(reply.error));
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}

function workerOptions({ rowMode, parsers = {} }: DrizzleQueryOptions): WorkerQueryOptions {
  return { rowMode, rawTypes: Object.keys(parsers).map(Number) };
}
