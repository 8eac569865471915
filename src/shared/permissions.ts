import { roleLabels, roles, type Role } from './enums.ts';

const everyone = roles;
const engineers = ['admin', 'maintenance_engineer'] as const satisfies readonly Role[];
const safety = ['admin', 'safety_officer'] as const satisfies readonly Role[];

/**
 * Who may do what: the one table the server enforces (403) and the app uses to hide controls.
 * Reading machines, tickets, incidents and schedules is open to every signed-in user.
 * Finer rules that depend on the record (a reporter editing their own Pending ticket) live in
 * `ticketEditableFields` and `incidentEditableFields` below.
 */
export const permissions = {
  'machine:create': { roles: engineers, label: 'create machines' },
  'machine:update': { roles: engineers, label: 'edit machines' },
  'machine:delete': { roles: ['admin'], label: 'delete machines' },
  'machine:status': { roles: everyone, label: "change a machine's status" },
  'machine:reading': { roles: everyone, label: 'record hour-meter readings' },
  'ticket:create': { roles: everyone, label: 'create tickets' },
  'ticket:manage': { roles: engineers, label: "change a ticket's status, priority or assignee" },
  'ticket:comment': { roles: everyone, label: 'comment on tickets' },
  'incident:create': { roles: everyone, label: 'report incidents' },
  'incident:manage': { roles: safety, label: "change an incident's status" },
  'incident:investigate': { roles: safety, label: 'investigate incidents and verify their actions' },
  'incident:override-close': { roles: ['admin'], label: 'close an incident whose actions are not verified' },
  'request:triage': { roles: engineers, label: 'accept, merge or reject work requests' },
  'schedule:manage': { roles: engineers, label: 'schedule maintenance' },
  'checklist:answer': { roles: everyone, label: 'answer checklist items of maintenance assigned to them' },
  'analytics:view': { roles: safety, label: 'view analytics' },
  // Availability, MTBF and the downtime Pareto: the engineers' Reliability view and the Analytics screen.
  'reliability:view': {
    roles: ['admin', 'maintenance_engineer', 'safety_officer'],
    label: 'view reliability figures',
  },
  // Shift handover (src/docs/shift-handover.md): every shift writes and acknowledges its own; the
  // department's engineers, safety officers and admins lead a shift and are reminded to acknowledge.
  'handover:write': { roles: everyone, label: 'write shift handovers' },
  'handover:acknowledge': { roles: everyone, label: 'acknowledge shift handovers' },
  'handover:lead': {
    roles: ['admin', 'maintenance_engineer', 'safety_officer'],
    label: 'be reminded to acknowledge shift handovers',
  },
  // Permits to work (src/docs/permits.md): whoever works on a machine requests a permit and applies
  // their locks; safety officers and admins approve (never their own) and may remove another's lock
  // with a reason; engineers and admins start and finish work on anyone's permit.
  'permit:request': { roles: everyone, label: 'request permits to work and apply locks' },
  'permit:approve': { roles: safety, label: 'approve permits to work' },
  'permit:manage': { roles: engineers, label: "start and finish work on another person's permit" },
  'permit:override-lock': { roles: safety, label: "remove another person's lock with a reason" },
  'permit:override-start': {
    roles: ['admin'],
    label: 'start work without an Active permit to work, giving a reason',
  },
  // Parts and stores (src/docs/parts.md): engineers and admins keep the stores (a storekeeper holds one
  // of those roles); everyone issues and returns parts, an operator only for their own work.
  'part:manage': {
    roles: engineers,
    label: 'manage parts and stores: parts, storerooms, bins, receipts, transfers and counts',
  },
  'part:issue': { roles: everyone, label: 'issue, return and reserve parts for their work' },
  // Labour and costs (src/docs/costs.md): everyone records their own hours on their own work, engineers
  // and admins anyone's; admins set hourly rates; money is shown to admins and engineers.
  'labour:record': { roles: everyone, label: 'record hours worked on their work' },
  'labour:manage': { roles: engineers, label: "record and delete other people's hours" },
  'labour:rate': { roles: ['admin'], label: 'set hourly rates' },
  'cost:view': { roles: engineers, label: 'view costs' },
  // Purchase requests (src/docs/parts.md): the storekeepers (engineers, admins) request; admins approve,
  // never their own request (someone else signs for the spending).
  'purchase:request': { roles: engineers, label: 'request purchases of parts' },
  'purchase:approve': { roles: ['admin'], label: 'approve or reject purchase requests' },
  'file:upload': { roles: everyone, label: 'upload files' },
  'user:list': { roles: everyone, label: 'list users' },
  'user:manage': { roles: ['admin'], label: 'manage users' },
} as const satisfies Record<string, { roles: readonly Role[]; label: string }>;

export type Action = keyof typeof permissions;

export function can(role: Role, action: Action): boolean {
  return (permissions[action].roles as readonly Role[]).includes(role);
}

export function deniedMessage(role: Role, action: Action): string {
  return `The ${roleLabels[role]} role may not ${permissions[action].label}.`;
}

export const ticketReporterFields = ['title', 'description'] as const;
export const incidentReporterFields = [
  'title',
  'description',
  'type',
  'severity',
  'location',
  'department',
  'incidentDate',
  'involvedPersons',
  'witnesses',
  'immediateActions',
] as const;

export interface Actor {
  _id: string;
  role: Role;
}

/**
 * Parts for a piece of work (src/docs/parts.md): `part:manage` for any work, `part:issue` only for work
 * whose people (a ticket's reporter and assignee, a job's assignee) include the user.
 */
export function mayUsePartsFor(actor: Actor, people: readonly (string | null | undefined)[]): boolean {
  if (can(actor.role, 'part:manage')) return true;
  return can(actor.role, 'part:issue') && people.includes(actor._id);
}

/**
 * Hours on a piece of work (src/docs/costs.md): `labour:manage` for anyone on any work, otherwise only
 * one's own hours on work whose people include the user (as `mayUsePartsFor`).
 */
export function mayRecordLabourFor(
  actor: Actor,
  person: string,
  people: readonly (string | null | undefined)[],
): boolean {
  if (can(actor.role, 'labour:manage')) return true;
  return can(actor.role, 'labour:record') && person === actor._id && people.includes(actor._id);
}

/** Fields this user may change on this ticket: everything for engineers, text for its reporter while Pending. */
export function ticketEditableFields(
  actor: Actor,
  ticket: { reportedBy: { _id: string } | null; status: string },
): readonly string[] | 'all' {
  if (can(actor.role, 'ticket:manage')) return 'all';
  if (ticket.reportedBy?._id === actor._id && ticket.status === 'Pending') return ticketReporterFields;
  return [];
}

/** Engineers and admins answer any checklist; everyone else those of maintenance assigned to them. */
export function mayAnswerChecklist(actor: Actor, schedule: { assignedTo: { _id: string } | null }): boolean {
  return can(actor.role, 'schedule:manage') || schedule.assignedTo?._id === actor._id;
}

export const checklistNotAssigned =
  'Only the person this maintenance is assigned to, an engineer or an admin may answer its checklist';

/** Completing a job belongs to whoever answers its checklist (`mayAnswerChecklist`). */
export const completeNotAssigned =
  'Only the person this maintenance is assigned to, an engineer or an admin may complete it';

/** What answering a checklist item changes; its task is planning, which stays with engineers and admins. */
export const checklistAnswerFields = ['completed', 'notes', 'result'] as const;

/** Why this user may not change these fields of a checklist item they may answer, or null. */
export function checklistItemDenied(actor: Actor, fields: readonly string[]): string | null {
  if (can(actor.role, 'schedule:manage')) return null;
  const denied = fields.filter((field) => !(checklistAnswerFields as readonly string[]).includes(field));
  if (denied.length === 0) return null;
  return `The ${roleLabels[actor.role]} role may not change the ${denied.join(', ')} of a checklist item: answering sets its tick, result and notes; engineers and admins plan its tasks.`;
}

/** Fields this user may change on this incident: everything for safety staff, the report for its reporter while Open. */
export function incidentEditableFields(
  actor: Actor,
  incident: { reportedBy: { _id: string } | null; status: string },
): readonly string[] | 'all' {
  if (can(actor.role, 'incident:manage')) return 'all';
  if (incident.reportedBy?._id === actor._id && incident.status === 'Open') return incidentReporterFields;
  return [];
}
