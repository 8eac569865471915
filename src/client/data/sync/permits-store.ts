import { z } from 'zod';
import { permit, type Permit } from '#shared/schemas/permit.ts';
import { createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { refreshRecord } from '#client/data/store/local-records.ts';

/** More open permits than a plant has at once: the server lists at most this many. */
const openPermitsLimit = 500;

/**
 * The open permits become this device's, pending changes kept on top; a stored permit the server no
 * longer lists as open (closed or cancelled elsewhere) leaves, unless a change of this device waits.
 */
export async function storeOpenPermits(db: LocalDatabase, open: Permit[]): Promise<void> {
  await db.transaction('rw', [db.permits, db.outbox], async () => {
    for (const copy of open) await refreshRecord(db, 'permit', copy._id, copy);
    const listed = new Set(open.map((copy) => copy._id));
    await db.permits.filter((row) => row._pending === 0 && !listed.has(row._id)).delete();
  });
}

/** Reads the plant's open permits after a pull, so every step can be taken offline from the last copy. */
export async function pullOpenPermits(db: LocalDatabase, transport: Transport): Promise<void> {
  const open = await createApi(transport)
    .get('permits', { searchParams: { status: 'open', limit: openPermitsLimit } })
    .json(z.array(permit));
  await storeOpenPermits(db, open);
}
