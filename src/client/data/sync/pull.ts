import { z } from 'zod';
import { incident } from '#shared/schemas/incident.ts';
import { machine } from '#shared/schemas/machine.ts';
import { schedule } from '#shared/schemas/schedule.ts';
import { syncPage, type SyncPage } from '#shared/schemas/sync.ts';
import { ticket } from '#shared/schemas/ticket.ts';
import { ApiError, createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { screensHadTheirTurn } from '#client/data/store/screen-reads.ts';
import { recordCount, storePage } from '#client/data/store/store-page.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { startOver, startingPosition, type SnapshotPosition, type SyncPosition } from './sync-position.ts';
import { notePruned, readWindowDays } from './working-set.ts';
import { nextTask } from '#client/lib/next-task.ts';
import { readWholeLists } from './whole-lists.ts';

type Api = ReturnType<typeof createApi>;

/** Tickets and incidents on a first sync's first page: few, so that the newest work shows soon. */
const firstPageLimit = 200;
/**
 * The pages after it while the snapshot has stored fewer than `rampedAt` records: a page is stored in
 * one transaction, which the reads of the screens that opened with the first page wait behind.
 */
const secondPageLimit = 1000;
const rampedAt = 2000;

/** Records a snapshot's page asks for: few at first, then the full limit. */
function snapshotLimit({ mark, stored }: SnapshotPosition, limit: number): number {
  if (!mark) return Math.min(limit, firstPageLimit);
  return stored < rampedAt ? Math.min(limit, secondPageLimit) : limit;
}

/** A page as it arrives: its records are checked apart, a batch at a time (`checkedPage`). */
const arrived = syncPage.extend({
  machines: z.array(z.unknown()),
  tickets: z.array(z.unknown()),
  incidents: z.array(z.unknown()),
  schedules: z.array(z.unknown()),
});
const recordsPerCheck = 200;

/**
 * Checks records against their shared schema in batches, giving the thread a turn between them: the
 * screen, or the storing of the page before this one.
 */
async function checked<T>(schema: z.ZodType<T>, records: unknown[]): Promise<T[]> {
  const valid: T[] = [];
  for (let at = 0; at < records.length; at += recordsPerCheck) {
    valid.push(...z.array(schema).parse(records.slice(at, at + recordsPerCheck)));
    await nextTask();
  }
  return valid;
}

type ArrivedPage = z.infer<typeof arrived>;
type Listed = Pick<SyncPage, 'tickets' | 'incidents'>;

async function checkedListed(page: ArrivedPage): Promise<Listed> {
  return { tickets: await checked(ticket, page.tickets), incidents: await checked(incident, page.incidents) };
}

async function checkedRest(page: ArrivedPage, listed: Listed): Promise<SyncPage> {
  return {
    ...page,
    ...listed,
    machines: await checked(machine, page.machines),
    schedules: await checked(schedule, page.schedules),
  };
}

async function request(
  api: Api,
  { log, snapshot }: SyncPosition,
  limit: number,
  windowDays: number,
): Promise<ArrivedPage> {
  const searchParams = snapshot
    ? {
        snapshot: snapshot.scope,
        mark: snapshot.mark || undefined,
        after: snapshot.after,
        limit: snapshotLimit(snapshot, limit),
        windowDays,
      }
    : { cursor: log, limit, windowDays };
  return arrived.parse(await api.get('sync', { searchParams }).json());
}

/** A page asked for: its answer, then its records checked as the gates allow, tickets and incidents first. */
interface Coming {
  arrived: Promise<ArrivedPage>;
  listed: Promise<Listed>;
  checked: Promise<SyncPage>;
}

/**
 * Asks for a page and checks it as soon as it arrives: in the worker's turns that the storing of the
 * page before leaves while IndexedDB writes it (a page's check took a tenth of the sync, in a row).
 */
function ask(
  api: Api,
  position: SyncPosition,
  { limit, windowDays }: { limit: number; windowDays: number },
  gates: { listed: Promise<void>; rest: Promise<void> },
): Coming {
  const arrivedPage = request(api, position, limit, windowDays);
  const listed = Promise.all([arrivedPage, gates.listed]).then(([page]) => checkedListed(page));
  const checked = Promise.all([arrivedPage, listed, gates.rest]).then(([page, its]) => checkedRest(page, its));
  // Answers nobody waits for (the network dropped, the pull stopped) would be reported as unhandled.
  listed.catch(() => {});
  checked.catch(() => {});
  return { arrived: arrivedPage, listed, checked };
}

const isFreshStart = ({ snapshot }: SyncPosition) => Boolean(snapshot?.fresh && !snapshot.mark);

/**
 * A fresh device's first page brings machines or schedules with its tickets and incidents. The
 * tickets and incidents are checked and stored first, without the position, and read by the screens
 * before the rest is checked and stored (and before the next page is checked, which would take the
 * thread from them), so the lists show the newest work while the machines are stored; a reload in
 * between brings the page again, and the same copies are stored again.
 */
const splitsNewest = (page: ArrivedPage) =>
  (page.tickets.length > 0 || page.incidents.length > 0) && (page.machines.length > 0 || page.schedules.length > 0);

/** The position after a page, and whether the feed has more to bring. */
function advance({ log, snapshot, windowDays }: SyncPosition, page: ArrivedPage) {
  if (!snapshot) return { position: { windowDays, log: page.cursor }, hasMore: page.hasMore };
  const progress: SnapshotPosition = {
    ...snapshot,
    mark: page.cursor,
    expected: page.total ?? snapshot.expected,
    stored: snapshot.stored + recordCount(page),
  };
  if (page.hasMore)
    return { position: { windowDays, log, snapshot: { ...progress, after: page.after } }, hasMore: true };
  if (snapshot.scope === 'core') {
    const { after: _, ...next } = progress;
    return { position: { windowDays, log, snapshot: { ...next, scope: 'history' as const } }, hasMore: true };
  }
  // Both scopes are stored: the log goes on from the mark, or from where it stood (a longer window's
  // snapshot is under a mark the log had reached).
  return { position: { windowDays, log: log ?? page.cursor }, hasMore: true };
}

const isEmpty = (page: SyncPage) => recordCount(page) === 0 && page.deleted.length === 0 && page.inbox.length === 0;

export interface PullOptions {
  /** Records a page asks for (the first sync's first page asks for fewer). */
  limit?: number;
  /**
   * Waits before a page is stored: the screens' reads that the last one stored (`afterWrite`)
   * started again.
   */
  beforeStore?: (afterWrite: boolean) => Promise<void>;
  /** Set on the pull that starts over after a 410, which does not start over again. */
  restarted?: boolean;
}

/**
 * Brings what changed on the server in this device's working set (src/docs/offline-sync.md): a
 * snapshot under way first, newest first, then the log. The next page is asked for and checked while
 * the last one is stored, and each is stored once the screens' reads have answered. A server restored
 * from an older backup has no changes past this device's position (410): the working set comes again,
 * newest first. Returns the number of records received, or null when the server could not be reached.
 */
export async function pullChanges(
  db: LocalDatabase,
  transport: Transport,
  status: Pick<SyncStatusStore, 'set'>,
  options: PullOptions = {},
): Promise<number | null> {
  const { limit = 5000, beforeStore = () => screensHadTheirTurn(), restarted = false } = options;
  const api = createApi(transport);
  const windowDays = await readWindowDays(db);
  let position = await startingPosition(db, windowDays);
  const started = performance.now();
  let received = 0;
  let hasStored = false;
  const downloading = position.snapshot && { ...position.snapshot, perSecond: null };
  status.set({ isPulling: true, pulledRecords: 0, download: downloading ?? null });
  const sizes = { limit, windowDays };
  const newestRead = Promise.withResolvers<void>();
  if (!isFreshStart(position)) newestRead.resolve();
  let next: Coming | null = ask(api, position, sizes, { listed: Promise.resolve(), rest: newestRead.promise });
  try {
    while (next) {
      const coming: Coming = next;
      let arrivedPage: ArrivedPage;
      try {
        arrivedPage = await coming.arrived;
      } catch (error) {
        const answered = error instanceof ApiError ? error.status : null;
        if (answered === 410 && !restarted) {
          await startOver(db, windowDays);
          return pullChanges(db, transport, status, { ...options, restarted: true });
        }
        status.set({ isOnline: answered !== 0 });
        if (answered === 401) status.set({ needsSignIn: true });
        return null;
      }
      status.set({ isOnline: true });
      const { position: after, hasMore } = advance(position, arrivedPage);
      // Asked for as soon as this page says where the next starts: the server answers it while this
      // one's records are checked and stored.
      next = hasMore ? ask(api, after, sizes, { listed: newestRead.promise, rest: newestRead.promise }) : null;
      // A fresh device's first page: no screen has anything to read yet, so nothing is waited for.
      const firstOnFresh = isFreshStart(position);
      let rest: SyncPage;
      if (firstOnFresh && splitsNewest(arrivedPage)) {
        const newest = {
          ...arrivedPage,
          ...(await coming.listed),
          machines: [],
          schedules: [],
          deleted: [],
          inbox: [],
        };
        await storePage(db, newest, null);
        await beforeStore(true);
        newestRead.resolve();
        rest = { ...(await coming.checked), tickets: [], incidents: [] };
      } else {
        newestRead.resolve();
        rest = await coming.checked;
        // A page that only moves the position (the log's last, say) changes nothing a screen reads.
        if (!firstOnFresh && !isEmpty(rest)) await beforeStore(hasStored);
      }
      await storePage(db, rest, after);
      hasStored = true;
      // A first sync on an empty device ends holding the working set of now: pruning it would find nothing.
      if (position.snapshot?.fresh && !after.snapshot) await notePruned(db);
      position = after;
      received += recordCount(arrivedPage);
      const snapshot = position.snapshot;
      status.set({
        pulledRecords: received,
        download: snapshot
          ? {
              stored: snapshot.stored,
              expected: snapshot.expected,
              perSecond: received / ((performance.now() - started) / 1000),
            }
          : null,
      });
    }
    const lastPulledAt = new Date().toISOString();
    await db.meta.put({ key: 'lastPulledAt', value: lastPulledAt });
    status.set({ lastPulledAt });
    return received;
  } finally {
    status.set({ isPulling: false, download: null });
  }
}

/** Runs a sync round's pull and whole-list reads: in this thread (tests, and browsers without module workers) or in a worker. */
export interface Puller {
  pull(db: LocalDatabase, transport: Transport, status: SyncStatusStore): Promise<number | null>;
  readWholeLists(db: LocalDatabase, transport: Transport): Promise<void>;
  /** Gets the thread ready ahead of the first pull (a sign-in under way). */
  prepare(): void;
  /** Ends the work under way (sign-out): a pull answers null. */
  stop(): void;
}

export const inThisThread: Puller = {
  pull: (db, transport, status) => pullChanges(db, transport, status),
  readWholeLists,
  prepare() {},
  stop() {},
};
