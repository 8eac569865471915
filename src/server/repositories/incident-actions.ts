import { and, eq, inArray } from 'drizzle-orm';
import { actionChangeDenied } from '#shared/incident-actions.ts';
import { can, deniedMessage, type Actor } from '#shared/permissions.ts';
import type { ActionCreate, ActionPatch } from '#shared/schemas/incident-action.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { Database, Tx } from '../db/client.ts';
import { files, type StoredAction } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { saveActions, storedActions } from './action-rows.ts';
import { recordNotFound } from './numbered-records.ts';
import { findOverwrites, writeChange, type ChangeContext, type FieldChange } from './record-changes.ts';
import { assertReferences } from './references.ts';

type Load = (tx: Tx, id: string) => Promise<Incident>;

const patchFields = {
  title: 'title',
  kind: 'kind',
  owner: 'ownerId',
  dueDate: 'dueDate',
  status: 'status',
  note: 'doneNote',
  evidence: 'evidence',
} as const;

/** Done, verified and reopened actions carry when and by whom; reopening drops the evidence of the last Done. */
function statusStamps(action: StoredAction, status: StoredAction['status'], actor: Actor, at: string) {
  if (status === action.status) return {};
  if (status === 'Open') return { doneAt: null, verifiedById: null, verifiedAt: null, doneNote: '', evidence: [] };
  if (status === 'Done') return { doneAt: action.doneAt ?? at, verifiedById: null, verifiedAt: null };
  return { verifiedById: actor._id, verifiedAt: at };
}

/** Evidence must be files of this incident: uploaded (the outbox sends them before the Done) and not deleted. */
async function assertEvidence(tx: Tx, incidentId: string, evidence: string[] | undefined) {
  if (!evidence?.length) return;
  const found = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.incidentId, incidentId), inArray(files.id, evidence)));
  if (found.length < new Set(evidence).size) throw badRequest('Evidence must be files attached to this incident');
}

function patched(action: StoredAction, patch: ActionPatch, actor: Actor, at: string): StoredAction {
  return {
    ...action,
    title: patch.title ?? action.title,
    kind: patch.kind ?? action.kind,
    ownerId: patch.owner ?? action.ownerId,
    dueDate: patch.dueDate ?? action.dueDate,
    status: patch.status ?? action.status,
    ...(patch.status ? statusStamps(action, patch.status, actor, at) : {}),
    ...(patch.note !== undefined && { doneNote: patch.note }),
    ...(patch.evidence !== undefined && { evidence: patch.evidence }),
  };
}

/** Corrective and preventive actions on an incident (src/docs/corrective-actions.md). */
export function incidentActionMethods(database: Database, load: Load) {
  return {
    /** Adds the action once: its client `_id` sent again (a replay, another tablet) answers the incident as it is. */
    async addAction(
      incidentId: string,
      input: ActionCreate & { kind: StoredAction['kind'] },
      actor: Actor,
      context: ChangeContext,
    ) {
      if (!can(actor.role, 'incident:investigate')) throw forbidden(deniedMessage(actor.role, 'incident:investigate'));
      let created = false;
      const result = await writeChange(database, 'incident', incidentId, context, load, async (tx, changeSeq) => {
        const row = await storedActions(tx, incidentId);
        if (!row) throw recordNotFound('incident');
        if (row.actions.some((action) => action._id === input._id))
          return { record: await load(tx, incidentId), overwritten: [] };
        if (row.status === 'Closed') throw conflict(`${row.incidentNumber} is closed: reopen it to add actions`);
        await assertReferences(tx, { owner: input.owner });
        const action: StoredAction = {
          _id: input._id,
          title: input.title,
          kind: input.kind,
          ownerId: input.owner,
          dueDate: input.dueDate,
          status: 'Open',
          doneAt: null,
          verifiedById: null,
          verifiedAt: null,
          doneNote: '',
          evidence: [],
          ticketId: null,
          createdAt: new Date().toISOString(),
        };
        const change = { field: `actions.${action._id}`, oldValue: null, newValue: action.title };
        await saveActions(tx, changeSeq, row, [...row.actions, action], [change], context);
        created = true;
        return { record: await load(tx, incidentId), overwritten: [] };
      });
      return { record: result.record, created };
    },

    async patchAction(incidentId: string, actionId: string, patch: ActionPatch, actor: Actor, context: ChangeContext) {
      return writeChange(database, 'incident', incidentId, context, load, async (tx, changeSeq) => {
        const row = await storedActions(tx, incidentId);
        if (!row) throw recordNotFound('incident');
        const found = row.actions.find((candidate) => candidate._id === actionId);
        if (!found) throw notFound('Action not found');
        const action: StoredAction = { doneNote: '', evidence: [], ...found };
        const owner = action.ownerId ? { _id: action.ownerId } : null;
        const denied = actionChangeDenied(actor, { status: action.status, owner }, patch);
        if (denied) throw forbidden(denied);
        await assertReferences(tx, { owner: patch.owner });
        await assertEvidence(tx, incidentId, patch.evidence);
        const at = (context.clientTime ?? new Date()).toISOString();
        const next = patched(action, patch, actor, at);
        const changes: FieldChange[] = Object.entries(patchFields)
          .filter(([, column]) => JSON.stringify(next[column]) !== JSON.stringify(action[column]))
          .map(([field, column]) => ({
            field: `actions.${actionId}.${field}`,
            column: 'actions',
            oldValue: action[column],
            newValue: next[column],
          }));
        if (changes.length === 0) return { record: await load(tx, incidentId), overwritten: [] };
        const overwritten = await findOverwrites(tx, 'incident', incidentId, changes, context);
        const actions = row.actions.map((candidate) => (candidate._id === actionId ? next : candidate));
        await saveActions(tx, changeSeq, row, actions, changes, context);
        return { record: await load(tx, incidentId), overwritten };
      });
    },
  };
}
