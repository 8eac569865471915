import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { machines, users } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';

/** Checks the machine (live) and people (assignee, action owner) a record points at; absent ones are skipped. */
export async function assertReferences(
  tx: Tx,
  refs: { machine?: string | undefined; assignedTo?: string | null | undefined; owner?: string | undefined },
) {
  if (refs.machine !== undefined) {
    const [machine] = await tx
      .select({ id: machines.id })
      .from(machines)
      .where(and(eq(machines.id, refs.machine), isNull(machines.deletedAt)));
    if (!machine) throw badRequest('Machine not found');
  }
  for (const [field, id] of Object.entries({ assignedTo: refs.assignedTo, owner: refs.owner })) {
    if (!id) continue;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!user) throw badRequest(`${field}: no user has this id`);
  }
}
