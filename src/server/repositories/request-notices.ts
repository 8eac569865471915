import { inArray } from 'drizzle-orm';
import { excerpt } from '#shared/inbox.ts';
import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { inboxEntries, users } from '../db/schema.ts';
import { verifiersBesides } from './inbox.ts';

const triagers = [...permissions['request:triage'].roles];
const safetyRoles = [...permissions['incident:investigate'].roles];

/**
 * A new repair request reaches everyone who triages requests, and the safety officers too when it is
 * marked unsafe. Written with the request, under its change_seq, so it reaches the devices' feed.
 */
export async function addRequestNotices(
  tx: Tx,
  request: { id: string; code: string; urgency: string; description: string; machineName: string | null },
  changeSeq: number,
): Promise<void> {
  const roles = request.urgency === 'now, unsafe' ? [...triagers, ...safetyRoles] : triagers;
  const people = await tx.select({ id: users.id }).from(users).where(inArray(users.role, roles));
  if (people.length === 0) return;
  const title = request.machineName ? `Request ${request.code} · ${request.machineName}` : `Request ${request.code}`;
  await tx
    .insert(inboxEntries)
    .values(
      people.map(({ id }) => ({
        userId: id,
        key: `request:${request.id}`,
        kind: 'request' as const,
        entity: 'request' as const,
        recordId: request.id,
        title,
        detail: `${request.urgency === 'now, unsafe' ? 'Unsafe: ' : ''}${excerpt(request.description)}`,
        changeSeq,
      })),
    )
    .onConflictDoNothing();
}

/** A near miss reported on the request page reaches the safety officers, naming nobody. */
export async function addNearMissNotices(
  tx: Tx,
  incident: { id: string; name: string },
  changeSeq: number,
): Promise<void> {
  const people = await verifiersBesides(tx, null);
  if (people.length === 0) return;
  await tx
    .insert(inboxEntries)
    .values(
      people.map((userId) => ({
        userId,
        key: `nearMiss:${incident.id}`,
        kind: 'nearMiss' as const,
        entity: 'incident' as const,
        recordId: incident.id,
        title: incident.name,
        changeSeq,
      })),
    )
    .onConflictDoNothing();
}
