import { derivedId } from './ids.ts';
import type { ActionStatus } from './enums.ts';
import { can, type Actor } from './permissions.ts';
import type { ActionPatch } from './schemas/incident-action.ts';

interface ActionState {
  title: string;
  status: ActionStatus;
  dueDate: string;
}

/** The day in YYYY-MM-DD that due dates compare with (the device's or server's local day). */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Open past its due date. A Done action waits for its verification, not for its owner. */
export const isOverdue = (action: ActionState, day = today()) => action.status === 'Open' && action.dueDate < day;

/** Open or Done: what keeps the incident from closing. */
export const unverifiedActions = <T extends ActionState>(actions: T[]): T[] =>
  actions.filter((action) => action.status !== 'Verified');

/** Why this incident may not close yet, or null when every action is verified. */
export function closeBlocked(incidentNumber: string, actions: ActionState[]): string | null {
  const open = unverifiedActions(actions);
  if (open.length === 0) return null;
  const listed = open.map((action) => `"${action.title}" (${action.status})`).join(', ');
  const noun = open.length === 1 ? 'action is' : 'actions are';
  return `${incidentNumber} can be closed once every action is verified: ${open.length} ${noun} not (${listed}). An admin may close it anyway with a reason.`;
}

/**
 * Why this user may not make this change to the action, or null. Safety staff plan, edit, verify and
 * reopen actions; an owner marks their own action Done (and back to Open before it is verified).
 */
export function actionChangeDenied(
  actor: Actor,
  action: { status: ActionStatus; owner: { _id: string } | null },
  patch: ActionPatch,
): string | null {
  // The note and evidence go with Done (the schema says so), so they are the owner's to give.
  const { status, note: _note, evidence: _evidence, ...fields } = patch;
  const investigator = can(actor.role, 'incident:investigate');
  if (Object.keys(fields).length > 0 && !investigator) {
    return 'Only a safety officer or an admin may change the title, kind, owner or due date of an action';
  }
  if (status === undefined || status === action.status) return null;
  return statusChangeDenied(investigator, action.owner?._id === actor._id, action.status, status);
}

function statusChangeDenied(investigator: boolean, owner: boolean, from: ActionStatus, to: ActionStatus) {
  if (to === 'Verified') {
    if (!investigator) return 'Only a safety officer or an admin may verify an action';
    return from === 'Done' ? null : 'An action is verified after its owner marked it Done';
  }
  if (investigator) return null;
  if (!owner) return "Only the action's owner, a safety officer or an admin may mark it Done or reopen it";
  return from === 'Verified' ? 'A verified action may be reopened by a safety officer or an admin' : null;
}

/** The id of the ticket an action raises: the same on every device, so raising it twice makes one ticket. */
export const actionTicketId = (incidentId: string, actionId: string) => derivedId(incidentId, `action:${actionId}`);
