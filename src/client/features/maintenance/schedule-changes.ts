import type { z } from 'zod';
import type { ScheduleStatus } from '#shared/enums.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type {
  ChecklistItem,
  ChecklistPatch,
  Schedule,
  scheduleCreate,
  ScheduleUpdate,
} from '#shared/schemas/schedule.ts';
import { freshChecklist, seriesOf, successorOf } from '#shared/recurrence.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { author, createChange, newRecord, recordUrl, updateChange } from '#client/data/outbox/change-builders.ts';

type ScheduleRef = Pick<Schedule, '_id' | 'title'>;
type MachineRef = NonNullable<Schedule['machine']> & { operatingHours?: number };

/** The schedule as the form built it: every checklist item already carries its client `_id`. */
export type ScheduleInput = z.output<typeof scheduleCreate> & { checklist: ChecklistItem[] };

/** Names and ids of what the form picked, for the record shown until the server answers. */
export interface ScheduleRefs {
  machine?: MachineRef;
  assignee?: UserRef | null;
}

/** A new schedule, shown at once in the calendar and the list. */
export function createScheduleChange(
  user: UserRef,
  input: ScheduleInput,
  refs: Required<ScheduleRefs>,
  label = `New maintenance: ${input.title}`,
): QueuedChange {
  const record = newRecord(input._id);
  const { recurrence } = input;
  const meterDue = recurrence?.unit === 'hours' ? (refs.machine.operatingHours ?? 0) + recurrence.every : null;
  const preview: Schedule = {
    ...record,
    title: input.title,
    description: input.description,
    status: input.status,
    priority: input.priority,
    scheduledDate: input.scheduledDate,
    estimatedDuration: input.estimatedDuration,
    machine: { _id: refs.machine._id, name: refs.machine.name },
    assignedTo: refs.assignee && author(refs.assignee),
    checklist: input.checklist,
    completedAt: input.status === 'Completed' ? record.createdAt : null,
    completedBy: input.status === 'Completed' ? author(user) : null,
    recurrence,
    seriesId: input.seriesId ?? (recurrence ? record._id : null),
    seriesStart: input.seriesStart ?? (recurrence ? input.scheduledDate : null),
    dueHours: input.dueHours ?? meterDue,
  };
  return createChange(user, 'schedule', { ...input, _id: record._id }, preview, label);
}

/**
 * The occurrence after one completed here: queued like any create, with the id every device and the
 * server derive alike (shared/recurrence.ts), so it shows at once and exists once.
 */
export function successorChange(user: UserRef, completed: Schedule, machineHours: number): QueuedChange | null {
  const next = successorOf(completed, machineHours, new Date());
  if (!next || !completed.machine) return null;
  const input: ScheduleInput = {
    _id: next._id,
    title: completed.title,
    description: completed.description,
    machine: completed.machine._id,
    scheduledDate: next.scheduledDate,
    estimatedDuration: completed.estimatedDuration,
    priority: completed.priority,
    status: 'Scheduled',
    assignedTo: completed.assignedTo?._id ?? null,
    checklist: freshChecklist(next._id, completed.checklist),
    recurrence: completed.recurrence,
    seriesId: seriesOf(completed),
    ...(completed.seriesStart ? { seriesStart: completed.seriesStart } : {}),
    dueHours: next.dueHours,
  };
  const refs = { machine: completed.machine, assignee: completed.assignedTo };
  return createScheduleChange(user, input, refs, `Next maintenance: ${completed.title}`);
}

/** Changed fields only; machine and assignee are shown by name until the server answers. */
export function scheduleEditChange(
  user: UserRef,
  schedule: ScheduleRef,
  body: ScheduleUpdate,
  refs: ScheduleRefs = {},
): QueuedChange {
  const { machine, assignedTo, checklist, permitOverride, ...fields } = body;
  const preview: Partial<Schedule> = { ...fields };
  if (machine !== undefined && refs.machine) preview.machine = { _id: refs.machine._id, name: refs.machine.name };
  if (assignedTo !== undefined) preview.assignedTo = refs.assignee ? author(refs.assignee) : null;
  if (checklist !== undefined) preview.checklist = checklist as ChecklistItem[];
  const what =
    body.status && Object.keys(body).length === (permitOverride ? 2 : 1)
      ? `Status -> ${body.status}${permitOverride ? ' without a permit' : ''}`
      : 'Edit';
  return updateChange(user, 'schedule', schedule._id, { body, preview, label: `${what} on "${schedule.title}"` });
}

/** A status change; an admin's start without an Active permit carries its reason (kept in the history). */
export function scheduleStatusChange(
  user: UserRef,
  schedule: ScheduleRef,
  status: ScheduleStatus,
  permitOverride?: string,
): QueuedChange {
  return scheduleEditChange(user, schedule, permitOverride ? { status, permitOverride } : { status });
}

/**
 * The job completed by whoever answers its checklist (an operator too): shown Completed at once, by
 * this user, and sent when the server can be reached.
 */
export function completeChange(user: UserRef, schedule: ScheduleRef): QueuedChange {
  const preview: Partial<Schedule> = {
    status: 'Completed',
    completedAt: new Date().toISOString(),
    completedBy: author(user),
  };
  return updateChange(
    user,
    'schedule',
    schedule._id,
    { body: {}, preview, label: `Completed "${schedule.title}"` },
    { method: 'PATCH', path: '/complete' },
  );
}

/** One checklist item: only the fields that changed, merged into that item while it waits. */
export function checklistChange(
  user: UserRef,
  schedule: ScheduleRef,
  item: Pick<ChecklistItem, '_id' | 'task'>,
  patch: ChecklistPatch,
): QueuedChange {
  const what =
    patch.result !== undefined
      ? `Result ${patch.result ?? 'cleared'}`
      : patch.completed === undefined
        ? 'Note'
        : patch.completed
          ? 'Ticked'
          : 'Unticked';
  return {
    userId: user._id,
    entity: 'schedule',
    recordId: schedule._id,
    kind: 'checklist',
    method: 'PATCH',
    url: `${recordUrl.schedule}/${schedule._id}/checklist/${item._id}`,
    body: patch,
    preview: { _id: item._id, ...patch },
    label: `${what}: "${item.task}" on "${schedule.title}"`,
  };
}
