import type { z } from 'zod';
import type { UserRef } from '#shared/schemas/common.ts';
import type { ActionPatch, actionCreate, IncidentAction } from '#shared/schemas/incident-action.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import { author, recordUrl } from '#client/data/outbox/change-builders.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { incidentName } from './incident-changes.ts';

type IncidentRef = Pick<Incident, '_id' | 'incidentNumber' | 'title'>;

/** A new action, shown at once as Open; its client `_id` makes a replay answer the same action. */
export function addActionChange(
  user: UserRef,
  incident: IncidentRef,
  input: z.output<typeof actionCreate>,
  owner: UserRef,
): QueuedOf<'action'> {
  const preview: IncidentAction = {
    ...input,
    owner: author(owner),
    status: 'Open',
    doneAt: null,
    verifiedBy: null,
    verifiedAt: null,
    doneNote: '',
    evidence: [],
    ticket: null,
    createdAt: new Date().toISOString(),
  };
  return {
    id: input._id,
    userId: user._id,
    entity: 'incident',
    recordId: incident._id,
    kind: 'action',
    method: 'POST',
    url: `${recordUrl.incident}/${incident._id}/actions`,
    body: input,
    preview,
    label: `Action "${input.title}" on ${incidentName(incident)}`,
  };
}

/** What a status change stamps on the action as the server will (src/docs/corrective-actions.md). */
function stamps(user: UserRef, action: IncidentAction, status: IncidentAction['status']): Partial<IncidentAction> {
  const now = new Date().toISOString();
  if (status === 'Open') return { doneAt: null, verifiedBy: null, verifiedAt: null, doneNote: '', evidence: [] };
  if (status === 'Done') return { doneAt: action.doneAt ?? now, verifiedBy: null, verifiedAt: null };
  return { verifiedBy: author(user), verifiedAt: now };
}

/** Changed fields of one action; the owner's name comes with it for the screens. */
export function actionPatchChange(
  user: UserRef,
  incident: IncidentRef,
  action: IncidentAction,
  patch: ActionPatch,
  owner?: UserRef,
): QueuedOf<'actionPatch'> {
  const { owner: _ownerId, note, ...fields } = patch;
  const preview = {
    _id: action._id,
    ...fields,
    ...(note !== undefined && { doneNote: note }),
    ...(owner ? { owner: author(owner) } : {}),
    ...(patch.status && patch.status !== action.status ? stamps(user, action, patch.status) : {}),
  };
  const what = patch.status && Object.keys(patch).length === 1 ? `Action ${patch.status}` : 'Action edited';
  return {
    userId: user._id,
    entity: 'incident',
    recordId: incident._id,
    kind: 'actionPatch',
    method: 'PATCH',
    url: `${recordUrl.incident}/${incident._id}/actions/${action._id}`,
    body: patch,
    preview,
    label: `${what}: "${action.title}" on ${incidentName(incident)}`,
  };
}
