import type { InboxKind } from './schemas/inbox.ts';

/** What each kind of entry says first; the record's name and the detail follow. */
export const inboxHeadings: Record<InboxKind, string> = {
  assigned: 'Assigned to you',
  changed: 'Your ticket changed',
  comment: 'New comment',
  critical: 'Critical incident reported',
  action: 'Action assigned to you',
  actionDone: 'Action done: verify it',
  actionDue: 'Action due tomorrow',
  maintenanceDue: 'Maintenance due',
  roleRequest: 'Role request to approve',
  roleDecided: 'Your role request was answered',
  request: 'New work request',
  nearMiss: 'Near miss reported without a name',
  handover: 'Shift handover to acknowledge',
  permitRequested: 'Permit to work to approve',
  permitApproved: 'Your permit to work was approved',
  locksStillOn: 'Your locks are still on after your shift',
  purchaseRequested: 'Purchase request to approve',
  purchaseDecided: 'Your purchase request was answered',
  mark: '',
};

/** How far back the inbox reaches: older entries are not shown (nor derived). */
export const inboxDays = 30;

const fieldLabels: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  machine: 'Machine',
  priority: 'Priority',
  category: 'Category',
  status: 'Status',
  estimatedHours: 'Estimated hours',
  assignedTo: 'Assignee',
  attachment: 'Attachment',
};

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;

function valueText(field: string, value: unknown): string | null {
  if (field === 'description' || (typeof value !== 'string' && typeof value !== 'number')) return null;
  const text = String(value);
  return uuidLike.test(text) || text.length > 40 ? null : text;
}

/** "Status → Resolved, Priority → High" for the changed fields of a ticket, in the order they came. */
export function changeDetail(changes: { field: string; newValue: unknown }[]): string {
  return changes
    .map(({ field, newValue }) => {
      const label = fieldLabels[field] ?? field;
      if (field === 'attachment') return 'Attachment added';
      const value = valueText(field, newValue);
      return value === null ? `${label} changed` : `${label} → ${value}`;
    })
    .join(', ');
}

/** At most `length` characters of a comment, on one line. */
export function excerpt(text: string, length = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** The keys of the entries devices derive: the same on every device of the user, once per due date. */
export const derivedKeys = {
  actionDue: (actionId: string, dueDate: string) => `actionDue:${actionId}:${dueDate}`,
  maintenanceDue: (scheduleId: string, scheduledDate: string) => `maintenanceDue:${scheduleId}:${scheduledDate}`,
  locksStillOn: (permitId: string, shiftEnd: string) => `locksStillOn:${permitId}:${shiftEnd}`,
};
