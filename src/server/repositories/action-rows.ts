import { eq } from 'drizzle-orm';
import type { IncidentAction } from '#shared/schemas/incident-action.ts';
import type { Db, Tx } from '../db/client.ts';
import { incidents, tickets, users, type StoredAction } from '../db/schema.ts';
import { type ChangeContext, type FieldChange } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { idIn } from '../db/id-in.ts';

const present = <T>(value: T | null): value is T => value !== null;

/**
 * Actions as answers show them, for several incidents in two queries: owners' and verifiers' names,
 * and each raised ticket's number and status as they are now.
 */
export async function readActions(executor: Db | Tx, stored: StoredAction[][]): Promise<IncidentAction[][]> {
  const all = stored.flat();
  if (all.length === 0) return stored.map(() => []);
  const userIds = [...new Set(all.flatMap((action) => [action.ownerId, action.verifiedById]).filter(present))];
  const ticketIds = [...new Set(all.map((action) => action.ticketId).filter(present))];
  const people =
    userIds.length === 0
      ? []
      : await executor.select({ _id: users.id, name: users.name }).from(users).where(idIn(users.id, userIds));
  const raised =
    ticketIds.length === 0
      ? []
      : await executor
          .select({ _id: tickets.id, ticketNumber: tickets.ticketNumber, status: tickets.status })
          .from(tickets)
          .where(idIn(tickets.id, ticketIds));
  const person = (id: string | null) => people.find((candidate) => candidate._id === id) ?? null;
  return stored.map((actions) =>
    actions.map(({ ownerId, verifiedById, ticketId, doneNote, evidence, ...action }) => ({
      ...action,
      doneNote: doneNote ?? '',
      evidence: evidence ?? [],
      owner: person(ownerId),
      verifiedBy: person(verifiedById),
      ticket: raised.find((ticket) => ticket._id === ticketId) ?? null,
    })),
  );
}

/** The incident's actions as stored, locked by the caller's writeChange or lockRecord. */
export async function storedActions(tx: Tx, incidentId: string) {
  const [row] = await tx
    .select({
      id: incidents.id,
      incidentNumber: incidents.incidentNumber,
      status: incidents.status,
      version: incidents.version,
      actions: incidents.actions,
    })
    .from(incidents)
    .where(eq(incidents.id, incidentId));
  return row;
}

/** Stores new actions as a new version of the incident, with a history row per change. */
export async function saveActions(
  tx: Tx,
  changeSeq: number,
  row: { id: string; version: number },
  actions: StoredAction[],
  changes: Pick<FieldChange, 'field' | 'oldValue' | 'newValue'>[],
  context: ChangeContext,
): Promise<void> {
  const version = row.version + 1;
  await tx
    .update(incidents)
    .set({ actions, version, updatedAt: new Date(), changeSeq })
    .where(eq(incidents.id, row.id));
  await recordChange(tx, 'incident', row.id, version, changes, context);
}
