import { inArray } from 'drizzle-orm';
import { excerpt } from '#shared/inbox.ts';
import { permissions } from '#shared/permissions.ts';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { verifiersBesides } from './inbox.ts';
import { noticeEach } from './inbox-notices.ts';

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
  await noticeEach(
    tx,
    people.map(({ id }) => id),
    {
      key: `request:${request.id}`,
      kind: 'request',
      entity: 'request',
      recordId: request.id,
      title: request.machineName ? `Request ${request.code} · ${request.machineName}` : `Request ${request.code}`,
      detail: `${request.urgency === 'now, unsafe' ? 'Unsafe: ' : ''}${excerpt(request.description)}`,
      changeSeq,
    },
  );
}

/** A near miss reported on the request page reaches the safety officers, naming nobody. */
export async function addNearMissNotices(
  tx: Tx,
  incident: { id: string; name: string },
  changeSeq: number,
): Promise<void> {
  await noticeEach(tx, await verifiersBesides(tx, null), {
    key: `nearMiss:${incident.id}`,
    kind: 'nearMiss',
    entity: 'incident',
    recordId: incident.id,
    title: incident.name,
    changeSeq,
  });
}
