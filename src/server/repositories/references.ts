import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { machines, users } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';

/** Checks the machine (live) and assignee a ticket or schedule points at; absent ones are skipped. */
export async function assertReferences(
  tx: Tx,
  refs: { machine?: string | undefined; assignedTo?: string | null | undefined },
) {
  if (refs.machine !== undefined) {
    const [machine] = await tx
      .select({ id: machines.id })
      .from(machines)
      .where(and(eq(machines.id, refs.machine), isNull(machines.deletedAt)));
    if (!machine) throw badRequest('Machine not found');
  }
  if (refs.assignedTo) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, refs.assignedTo));
    if (!user) throw badRequest('assignedTo: no user has this id');
  }
}
