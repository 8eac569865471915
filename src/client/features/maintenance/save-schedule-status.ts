import type { ScheduleStatus } from '#shared/enums.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import { localDb } from '#client/data/store/db.ts';
import { saveAndNotify, saveChange } from '#client/data/outbox/save-change.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { completeChange, scheduleStatusChange, successorChange } from './schedule-changes.ts';

/**
 * Saves a status change. Completing an occurrence of a series also queues the next one, from the
 * machine's hours as this device knows them, so it is on the calendar at once, offline too.
 */
async function saveStatus(user: UserRef, schedule: Schedule, change: QueuedChange, status: ScheduleStatus) {
  const saved = await saveAndNotify(change, 'Maintenance schedule updated!', 'Failed to update maintenance schedule');
  if (!saved || status !== 'Completed' || !schedule.recurrence || !schedule.machine) return;
  const machine = await localDb.machines.get(schedule.machine._id);
  const next = successorChange(user, schedule, machine?.operatingHours ?? 0);
  if (next && !(await localDb.schedules.get(next.recordId))) await saveChange(next);
}

/** The planners' status dropdown (an admin starting without a permit gives the reason). */
export const saveScheduleStatus = (
  user: UserRef,
  schedule: Schedule,
  status: ScheduleStatus,
  permitOverride?: string,
) => saveStatus(user, schedule, scheduleStatusChange(user, schedule, status, permitOverride), status);

/** The checklist's Complete button, for whoever answers it. */
export const completeSchedule = (user: UserRef, schedule: Schedule) =>
  saveStatus(user, schedule, completeChange(user, schedule), 'Completed');
