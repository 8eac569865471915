import { z } from 'zod';
import { permit, type Permit } from '#shared/schemas/permit.ts';
import { createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { storeWholeList } from './whole-list.ts';

/** More open permits than a plant has at once: the server lists at most this many. */
const openPermitsLimit = 500;

/** The open permits become this device's, pending changes kept on top (whole-list.ts). */
export const storeOpenPermits = (db: LocalDatabase, open: Permit[]): Promise<void> =>
  storeWholeList(db, 'permit', open);

/** Reads the plant's open permits after a pull, so every step can be taken offline from the last copy. */
export async function pullOpenPermits(db: LocalDatabase, transport: Transport): Promise<void> {
  const open = await createApi(transport)
    .get('permits', { searchParams: { status: 'open', limit: openPermitsLimit } })
    .json(z.array(permit));
  await storeOpenPermits(db, open);
}
