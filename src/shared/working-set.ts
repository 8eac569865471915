import { openIncidentStatuses, openTicketStatuses } from './open-records.ts';
import type { SyncEntity } from './schemas/sync.ts';

/**
 * The working set a device keeps, decided by one rule that the change feed (server) and the pruning
 * (device) both use. `core`: what the floor works with (every machine, schedules from three months
 * back, open tickets and incidents, and the user's own). `history`: the other tickets and incidents
 * changed within the window. Records leave the window only by time.
 */
export const syncScopes = ['core', 'history'] as const;
export type SyncScope = (typeof syncScopes)[number];

/** The choices the Profile page offers for how long closed records stay on the device. */
export const windowDayChoices = [90, 180, 365] as const;
export const defaultWindowDays = 180;
export const minWindowDays = 1;
export const maxWindowDays = 3650;
/** Schedules dated this many months back or later are kept. */
export const scheduleMonthsBack = 3;

const dayMs = 86_400_000;

/** The oldest `updatedAt` a history record may have. */
export function windowStart(now: Date, windowDays: number): Date {
  return new Date(now.getTime() - windowDays * dayMs);
}

/** The oldest `scheduledDate` of a schedule in the core scope. */
export function scheduleStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - scheduleMonthsBack);
  return start;
}

/** What the rule reads of a record. */
export interface ScopedRecord {
  status?: string;
  reportedBy?: { _id: string } | null;
  assignedTo?: { _id: string } | null;
  scheduledDate?: string;
  updatedAt: string;
}

const openTickets: readonly string[] = openTicketStatuses;
const openIncidents: readonly string[] = openIncidentStatuses;

/** Whether a record belongs to the core scope for this user (machines always do). */
export function isCore(entity: SyncEntity, record: ScopedRecord, userId: string, now: Date): boolean {
  switch (entity) {
    case 'machine':
      return true;
    case 'schedule':
      return new Date(record.scheduledDate!) >= scheduleStart(now);
    case 'ticket':
      return (
        openTickets.includes(record.status!) || record.reportedBy?._id === userId || record.assignedTo?._id === userId
      );
    case 'incident':
      return openIncidents.includes(record.status!) || record.reportedBy?._id === userId;
  }
}

/** Whether the device keeps a record by the rule (pinned records and pending changes are kept besides). */
export function isInWorkingSet(
  entity: SyncEntity,
  record: ScopedRecord,
  userId: string,
  now: Date,
  windowDays: number,
): boolean {
  if (isCore(entity, record, userId, now)) return true;
  const hasHistory = entity === 'ticket' || entity === 'incident';
  return hasHistory && new Date(record.updatedAt) >= windowStart(now, windowDays);
}
