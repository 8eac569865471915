import type { Overwrite } from '../../shared/schemas/common.ts';
import { retryDelay } from './backoff.ts';
import type { LocalDatabase, OutboxEntry } from './db.ts';
import { failureFallback } from './failure-messages.ts';
import { refreshRecord, tableFor } from './local-records.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { errorMessage, request, type Transport } from './transport.ts';

export interface ReplayerOptions {
  db: LocalDatabase;
  transport: Transport;
  status: SyncStatusStore;
  /** Only this user's entries are sent: an outbox never replays under another account. */
  getUserId(): string | null;
  onOverwritten?(entry: OutboxEntry, overwritten: Overwrite[]): void;
  onFailed?(entry: OutboxEntry, message: string): void;
  onAuthRequired?(): void;
  now?: () => number;
  random?: () => number;
  lockName?: string;
}

type Outcome = 'next' | 'stop';

/**
 * Drains the outbox strictly in order, in one tab at a time (Web Locks). Network failures, 5xx and
 * 429 back off and retry; 401 pauses the queue until the user signs in again; any other 4xx moves
 * the entry to Needs attention and holds later entries for the same record behind it.
 */
export function createReplayer(options: ReplayerOptions) {
  const { db, transport, status } = options;
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
    const headers: Record<string, string> = { 'x-client-time': entry.clientTime };
    if (entry.kind === 'update' && entry.baseVersion !== null) headers['if-match'] = `"${entry.baseVersion}"`;
    if (entry.kind !== 'attachment') {
      headers['content-type'] = 'application/json';
      return { method: entry.method, headers, body: JSON.stringify(entry.body) };
    }
    const file = entry.fileId ? await db.files.get(entry.fileId) : undefined;
    if (!file) return 'The file is no longer stored on this device';
    const form = new FormData();
    form.append('_id', entry.id);
    form.append('file', file.blob, file.name);
    return { method: entry.method, headers, body: form };
  }

  async function backOff(entry: OutboxEntry, retryAfter: string | null): Promise<Outcome> {
    const delay = retryDelay(entry.attempts, retryAfter, options.random);
    await db.outbox.update(entry.seq!, { state: 'pending', attempts: entry.attempts + 1, nextAttemptAt: now() + delay });
    scheduleRun(delay);
    return 'stop';
  }

  async function fail(entry: OutboxEntry, message: string): Promise<Outcome> {
    await db.outbox.update(entry.seq!, { state: 'failed', error: message });
    options.onFailed?.(entry, message);
    return 'next';
  }

  async function confirm(entry: OutboxEntry, body: Record<string, unknown> & { _id: string }): Promise<Outcome> {
    const { overwritten, ...record } = body as typeof body & { overwritten?: Overwrite[] };
    await db.transaction('rw', [tableFor(db, entry.entity), db.outbox, db.files], async () => {
      await db.outbox.delete(entry.seq!);
      if (entry.fileId) await db.files.delete(entry.fileId);
      await refreshRecord(db, entry.entity, entry.recordId, record);
    });
    if (overwritten?.length) options.onOverwritten?.(entry, overwritten);
    return 'next';
  }

  async function send(entry: OutboxEntry): Promise<Outcome> {
    const init = await requestInit(entry);
    if (typeof init === 'string') return fail(entry, init);
    await db.outbox.update(entry.seq!, { state: 'sending' });
    let response: Response;
    try {
      response = await request(transport, entry.url, init);
    } catch {
      status.set({ isOnline: false });
      return backOff(entry, null);
    }
    status.set({ isOnline: true });
    if (response.ok) return confirm(entry, (await response.json()) as Record<string, unknown> & { _id: string });
    if (response.status === 401) {
      await db.outbox.update(entry.seq!, { state: 'pending' });
      isPaused = true;
      status.set({ needsSignIn: true });
      options.onAuthRequired?.();
      return 'stop';
    }
    if (response.status >= 500 || response.status === 429) return backOff(entry, response.headers.get('retry-after'));
    return fail(entry, await errorMessage(response, failureFallback(entry)));
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
    /** After a new sign-in: the paused queue goes on with the new token. */
    resume() {
      isPaused = false;
      status.set({ needsSignIn: false });
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
