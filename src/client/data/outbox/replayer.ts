import { z } from 'zod';
import { overwrite, type Overwrite } from '#shared/schemas/common.ts';
import { handover } from '#shared/schemas/handover.ts';
import { incident } from '#shared/schemas/incident.ts';
import { machine } from '#shared/schemas/machine.ts';
import { part } from '#shared/schemas/part.ts';
import { purchaseRequestDetail } from '#shared/schemas/purchase-request.ts';
import { permit } from '#shared/schemas/permit.ts';
import { schedule } from '#shared/schemas/schedule.ts';
import { ticket } from '#shared/schemas/ticket.ts';
import { ApiError, createApi, type Transport } from '#client/lib/api.ts';
import { retryDelay } from './backoff.ts';
import type { LocalDatabase, OutboxEntity, OutboxEntry } from '#client/data/store/db.ts';
import { entriesFor, refreshRecord, tableFor } from '#client/data/store/local-records.ts';
import { rulesOf } from './outbox-kinds.ts';
import type { SyncStatusStore } from '#client/data/sync/sync-status.ts';
import { inServerTime } from '#client/lib/server-clock.ts';

export interface ReplayerOptions {
  db: LocalDatabase;
  transport: Transport;
  status: SyncStatusStore;
  /** Only this user's entries are sent: an outbox never replays under another account. */
  getUserId(): string | null;
  onOverwritten?(entry: OutboxEntry, overwritten: Overwrite[]): void;
  /** The server has confirmed a change (a pull that started before may carry an older copy). */
  onConfirmed?(entry: OutboxEntry): void;
  onFailed?(entry: OutboxEntry, message: string): void;
  onAuthRequired?(): void;
  now?: () => number;
  random?: () => number;
  lockName?: string;
}

type Outcome = 'next' | 'stop';

const mayOverwrite = { overwritten: z.array(overwrite).optional() };

/** What the server answers a confirmed change with: the record, and for an update what it overwrote. */
const confirmedRecord = {
  machine: machine.extend(mayOverwrite),
  ticket: ticket.extend(mayOverwrite),
  incident: incident.extend(mayOverwrite),
  schedule: schedule.extend(mayOverwrite),
  handover: handover.extend(mayOverwrite),
  permit: permit.extend(mayOverwrite),
  part: part.extend(mayOverwrite),
  purchaseRequest: purchaseRequestDetail.extend(mayOverwrite),
} satisfies Record<OutboxEntity, z.ZodType>;
type ConfirmedRecord = z.infer<(typeof confirmedRecord)[OutboxEntity]>;

/** The server could not take it now (a body that stopped arriving, overload, rate limit): try again later. */
const isTemporary = (status: number) => status >= 500 || status === 429 || status === 408;

/**
 * Drains the outbox strictly in order, in one tab at a time (Web Locks). Network failures, 5xx, 408
 * and 429 back off and retry; 401 pauses the queue until the user signs in again; any other 4xx moves
 * the entry to Needs attention and holds later entries for the same record behind it.
 */
export function createReplayer(options: ReplayerOptions) {
  const { db, status } = options;
  const api = createApi(options.transport);
  const now = options.now ?? Date.now;
  const lockName = options.lockName ?? 'imsp-replay';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isPaused = false;

  function scheduleRun(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
  }

  async function nextEntry(userId: string): Promise<OutboxEntry | undefined> {
    const entries = await db.outbox.where('userId').equals(userId).sortBy('seq');
    const held = new Set<string>();
    for (const entry of entries) {
      if (entry.state === 'failed') held.add(entry.recordId);
      else if (!held.has(entry.recordId)) return entry;
    }
    return undefined;
  }

  async function requestInit(entry: OutboxEntry): Promise<RequestInit | string> {
    const rules = rulesOf(entry);
    const headers: Record<string, string> = {
      'x-client-time': inServerTime(entry.clientTime),
      'x-change-id': entry.id,
    };
    if (rules.sendsIfMatch && entry.baseVersion !== null) headers['if-match'] = `"${entry.baseVersion}"`;
    const body = await rules.encode(entry, db);
    if (body === null) return 'The file is no longer stored on this device';
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    return { method: entry.method, headers, body };
  }

  /** Waits before the next try; `waitsForNetwork` (the server was not reached) lets a reconnect end the wait. */
  async function backOff(entry: OutboxEntry, retryAfter: string | null, waitsForNetwork: boolean): Promise<Outcome> {
    const delay = retryDelay(entry.attempts, retryAfter, options.random);
    await db.outbox.update(entry.seq, {
      state: 'pending',
      attempts: entry.attempts + 1,
      nextAttemptAt: now() + delay,
      waitsForNetwork,
    });
    scheduleRun(delay);
    return 'stop';
  }

  /**
   * Later edits of the same values were made on top of this one: they now carry its confirmed
   * version, so this user's own change never counts as someone else's when they are sent.
   */
  async function rebaseStacked(entry: OutboxEntry, version: number) {
    const replaced = new Set(rulesOf(entry).fields(entry));
    if (replaced.size === 0) return;
    for (const later of await entriesFor(db, entry.recordId)) {
      const fields = rulesOf(later).fields(later);
      if (later.seq! > entry.seq! && fields.length > 0 && fields.every((field) => replaced.has(field))) {
        await db.outbox.update(later.seq, { baseVersion: version });
      }
    }
  }

  async function fail(entry: OutboxEntry, message: string): Promise<Outcome> {
    await db.outbox.update(entry.seq, { state: 'failed', error: message });
    options.onFailed?.(entry, message);
    return 'next';
  }

  async function confirm(entry: OutboxEntry, { overwritten, ...record }: ConfirmedRecord): Promise<Outcome> {
    await db.transaction('rw', [tableFor(db, entry.entity), db.outbox, db.files], async () => {
      await db.outbox.delete(entry.seq);
      if (entry.kind === 'attachment') await db.files.delete(entry.fileId);
      await rebaseStacked(entry, record.version);
      await refreshRecord(db, entry.entity, entry.recordId, record);
    });
    options.onConfirmed?.(entry);
    if (overwritten?.length) options.onOverwritten?.(entry, overwritten);
    return 'next';
  }

  function signInRequired() {
    isPaused = true;
    status.set({ needsSignIn: true });
    options.onAuthRequired?.();
  }

  async function refused(entry: OutboxEntry, error: unknown): Promise<Outcome> {
    if (error instanceof ApiError && error.isNetworkFailure) {
      status.set({ isOnline: false });
      return backOff(entry, null, true);
    }
    status.set({ isOnline: true });
    // A 2xx whose body is not the record fails validation: the entry waits in Needs attention.
    if (!(error instanceof ApiError)) return fail(entry, rulesOf(entry).fallback(entry));
    if (error.status === 401) {
      await db.outbox.update(entry.seq, { state: 'pending' });
      signInRequired();
      return 'stop';
    }
    if (isTemporary(error.status)) return backOff(entry, error.retryAfter, false);
    return fail(entry, error.serverMessage ?? rulesOf(entry).fallback(entry));
  }

  async function send(entry: OutboxEntry): Promise<Outcome> {
    const init = await requestInit(entry);
    if (typeof init === 'string') return fail(entry, init);
    await db.outbox.update(entry.seq, { state: 'sending' });
    let record: ConfirmedRecord;
    const recordAt = rulesOf(entry).recordAt?.(entry);
    try {
      if (recordAt) {
        // The answer is not the record: the record is read after it. A failed read sends the entry
        // again later, which the server answers with the move it already holds (create-once).
        await api(entry.url, init);
        record = await api(recordAt).json(confirmedRecord[entry.entity]);
      } else record = await api(entry.url, init).json(confirmedRecord[entry.entity]);
    } catch (error) {
      return refused(entry, error);
    }
    status.set({ isOnline: true });
    return confirm(entry, record);
  }

  async function drain(userId: string) {
    for (;;) {
      const entry = await nextEntry(userId);
      if (!entry) return;
      const wait = entry.nextAttemptAt - now();
      if (wait > 0) return scheduleRun(wait);
      if ((await send(entry)) === 'stop') return;
    }
  }

  /** Sends what can be sent now; a no-op in a tab where another replayer holds the lock. */
  async function run(): Promise<void> {
    const userId = options.getUserId();
    if (isPaused || !userId) return;
    if (!globalThis.navigator?.locks) return drain(userId);
    await navigator.locks.request(lockName, { ifAvailable: true }, async (lock) => {
      if (lock) await drain(userId);
    });
  }

  return {
    run,
    /** The server refused this session (a pull answered 401): the queue waits for a new sign-in. */
    signInRequired,
    /** After a new sign-in: the paused queue goes on with the new token. */
    resume() {
      isPaused = false;
      status.set({ needsSignIn: false });
      return run();
    },
    /**
     * The network or the server answers again: entries that waited for the network go at once
     * (their backoff is reset); entries the server refused (5xx, 429) keep theirs.
     */
    async reconnected() {
      await db.outbox
        .filter((entry) => entry.waitsForNetwork === true)
        .modify({ attempts: 0, nextAttemptAt: 0, waitsForNetwork: false });
      return run();
    },
    /** Retries entries now instead of at their backoff time (the user pressed Sync now). */
    async retryNow() {
      await db.outbox.where('state').equals('pending').modify({ nextAttemptAt: 0 });
      return run();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;
