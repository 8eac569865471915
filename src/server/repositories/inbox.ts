import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { changeDetail, excerpt } from '#shared/inbox.ts';
import { permissions } from '#shared/permissions.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { inboxEntries, incidents, tickets, users } from '../db/schema.ts';
import type { FieldChange, HistoryEntity } from './record-changes.ts';

type NewEntry = typeof inboxEntries.$inferInsert;
type Change = Pick<FieldChange, 'field' | 'newValue'>;

/** The ticket's people and name, and the change_seq (placeholder) its write gave it. */
async function ticketOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      name: sql<string>`${tickets.ticketNumber} || ' ' || ${tickets.title}`,
      reportedBy: tickets.reportedBy,
      assignedTo: tickets.assignedTo,
      assigneeName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${tickets.assignedTo})`,
      changeSeq: tickets.changeSeq,
    })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
}

async function incidentOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      name: sql<string>`${incidents.incidentNumber} || ' ' || ${incidents.title}`,
      severity: incidents.severity,
      actions: incidents.actions,
      changeSeq: incidents.changeSeq,
    })
    .from(incidents)
    .where(eq(incidents.id, id));
  return row;
}

function ticketEntries(id: string, version: number, changes: Change[], actor: string | null, row: TicketRow): Entry[] {
  const entries: Entry[] = [];
  const assigned = changes.find((change) => change.field === 'assignedTo')?.newValue;
  const created = changes.some((change) => change.field === 'created');
  if (typeof assigned === 'string' && assigned !== actor) {
    entries.push({ userId: assigned, key: `assigned:${id}:${version}`, kind: 'assigned', detail: '' });
  } else if (created && row.assignedTo && row.assignedTo !== actor) {
    entries.push({ userId: row.assignedTo, key: `assigned:${id}:${version}`, kind: 'assigned', detail: '' });
  }
  for (const change of changes.filter((candidate) => candidate.field === 'comment')) {
    const comment = change.newValue as { _id: string; comment: string };
    for (const person of new Set([row.reportedBy, row.assignedTo])) {
      if (!person || person === actor) continue;
      entries.push({
        userId: person,
        key: `comment:${comment._id}`,
        kind: 'comment',
        detail: excerpt(comment.comment),
      });
    }
  }
  const edits = changes
    .filter((change) => !['created', 'comment'].includes(change.field))
    .map((change) => (change.field === 'assignedTo' ? { ...change, newValue: row.assigneeName } : change));
  const reporter = row.reportedBy;
  if (edits.length > 0 && reporter && reporter !== actor && !entries.some((entry) => entry.userId === reporter)) {
    entries.push({ userId: reporter, key: `changed:${id}:${version}`, kind: 'changed', detail: changeDetail(edits) });
  }
  return entries;
}

/** Safety officers and admins other than the actor: who is told of critical incidents and actions to verify. */
export async function verifiersBesides(tx: Tx, actor: string | null): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.role, [...permissions['incident:investigate'].roles]), actor ? ne(users.id, actor) : undefined),
    );
  return rows.map((row) => row.id);
}

async function incidentEntries(
  tx: Tx,
  id: string,
  version: number,
  changes: Change[],
  actor: string | null,
  row: IncidentRow,
) {
  const entries: Entry[] = [];
  const turnedCritical = changes.some(
    (change) =>
      (change.field === 'created' && row.severity === 'Critical') ||
      (change.field === 'severity' && change.newValue === 'Critical'),
  );
  if (turnedCritical) {
    for (const userId of await verifiersBesides(tx, actor))
      entries.push({ userId, key: `critical:${id}`, kind: 'critical', detail: '' });
  }
  for (const { field, newValue } of changes) {
    const [, actionId, part] = /^actions\.([^.]+)(?:\.(\w+))?$/.exec(field) ?? [];
    const action = row.actions.find((candidate) => candidate._id === actionId);
    if (!action) continue;
    if (part === 'status' && newValue === 'Done') {
      const detail = action.doneNote ? `${action.title}: ${excerpt(action.doneNote)}` : action.title;
      for (const userId of await verifiersBesides(tx, actor))
        entries.push({ userId, key: `actionDone:${action._id}:${version}`, kind: 'actionDone', detail });
      continue;
    }
    if (part !== undefined && part !== 'owner') continue;
    const owner = part === 'owner' ? (newValue as string | null) : action.ownerId;
    if (!owner || owner === actor) continue;
    entries.push({ userId: owner, key: `action:${action._id}:${owner}`, kind: 'action', detail: action.title });
  }
  return entries;
}

type TicketRow = NonNullable<Awaited<ReturnType<typeof ticketOf>>>;
type IncidentRow = NonNullable<Awaited<ReturnType<typeof incidentOf>>>;
type Entry = Pick<NewEntry, 'userId' | 'key' | 'kind' | 'detail'>;

/**
 * The notifications a change of a ticket or an incident causes, written in its transaction with the
 * record's change_seq, so they reach the feed with it. A key exists once per user: a replayed change
 * writes nothing twice.
 */
export async function addInboxEntries(
  tx: Tx,
  entity: HistoryEntity,
  recordId: string,
  version: number,
  changes: Change[],
  actor: string | null,
): Promise<void> {
  const found =
    entity === 'ticket'
      ? await ticketNotices(tx, recordId, version, changes, actor)
      : entity === 'incident'
        ? await incidentNotices(tx, recordId, version, changes, actor)
        : null;
  if (!found || found.entries.length === 0) return;
  const { name, changeSeq } = found.row;
  await tx
    .insert(inboxEntries)
    .values(
      found.entries.map((entry) => ({ ...entry, entity: found.entity, recordId, title: name, byId: actor, changeSeq })),
    )
    .onConflictDoNothing();
}

async function ticketNotices(tx: Tx, id: string, version: number, changes: Change[], actor: string | null) {
  const row = await ticketOf(tx, id);
  return row ? { entity: 'ticket' as const, row, entries: ticketEntries(id, version, changes, actor, row) } : null;
}

async function incidentNotices(tx: Tx, id: string, version: number, changes: Change[], actor: string | null) {
  const row = await incidentOf(tx, id);
  if (!row) return null;
  return { entity: 'incident' as const, row, entries: await incidentEntries(tx, id, version, changes, actor, row) };
}

/** The entries as the feed hands them over, in the order of `keys`. */
async function readEntries(executor: Db | Tx, userId: string, keys: string[]): Promise<InboxEntry[]> {
  if (keys.length === 0) return [];
  const rows = await executor
    .select({ entry: inboxEntries, byName: users.name })
    .from(inboxEntries)
    .leftJoin(users, eq(users.id, inboxEntries.byId))
    .where(and(eq(inboxEntries.userId, userId), inArray(inboxEntries.key, keys)));
  const byKey = new Map(rows.map((row) => [row.entry.key, row]));
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    if (!row) return [];
    const { entry, byName } = row;
    return [
      {
        key,
        kind: entry.kind,
        entity: entry.entity,
        recordId: entry.recordId,
        title: entry.title,
        detail: entry.detail,
        by: entry.byId ? { _id: entry.byId, name: byName ?? '' } : null,
        at: entry.createdAt.toISOString(),
        readAt: entry.readAt?.toISOString() ?? null,
      },
    ];
  });
}

export function createInboxRepository(database: Database) {
  return {
    getMany: (userId: string, keys: string[], executor: Db | Tx = database.db) => readEntries(executor, userId, keys),

    /**
     * Marks entries read for every device of the user: the first mark wins, a repeated one changes
     * nothing (so a replay is harmless). A key with no entry (one the devices derive) gets a `mark` row.
     */
    markRead(userId: string, keys: string[], at: Date): Promise<number> {
      return database.write(async (tx, changeSeq) => {
        const unique = [...new Set(keys)];
        const marked = await tx
          .update(inboxEntries)
          .set({ readAt: at, changeSeq })
          .where(and(eq(inboxEntries.userId, userId), inArray(inboxEntries.key, unique), isNull(inboxEntries.readAt)))
          .returning({ key: inboxEntries.key });
        const marks = unique.map((key) => ({ userId, key, kind: 'mark' as const, readAt: at, changeSeq }));
        const inserted = await tx
          .insert(inboxEntries)
          .values(marks)
          .onConflictDoNothing()
          .returning({ key: inboxEntries.key });
        return marked.length + inserted.length;
      });
    },
  };
}
