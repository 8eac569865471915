import { scheduleCreate, type ChecklistItem, type Schedule, type ScheduleUpdate } from '#shared/schemas/schedule.ts';
import { changedFields } from '#client/lib/changed-fields.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import type { ScheduleInput } from './schedule-changes.ts';
import { newId } from '#shared/ids.ts';
import type { Recurrence, RecurrenceUnit } from '#shared/recurrence.ts';

export interface ScheduleForm {
  title: string;
  machine: string;
  /** As a datetime-local input holds it: local time, to the minute. */
  scheduledDate: string;
  estimatedDuration: string;
  priority: string;
  assignedTo: string;
  description: string;
  /** Each row carries its `_id` from the start, so ticks and notes made later address it. */
  checklist: ChecklistItem[];
  /** '' for a one-off. */
  repeat: RecurrenceUnit | '';
  repeatEvery: string;
  workingDaysOnly: boolean;
}

export const emptyScheduleForm: ScheduleForm = {
  title: '',
  machine: '',
  scheduledDate: '',
  estimatedDuration: '1',
  priority: 'Medium',
  assignedTo: '',
  description: '',
  checklist: [],
  repeat: '',
  repeatEvery: '1',
  workingDaysOnly: false,
};

export const newChecklistRow = (): ChecklistItem => ({
  _id: newId(),
  task: '',
  completed: false,
  notes: '',
  result: null,
});

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO timestamp as a datetime-local value in this device's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formFromSchedule(schedule: Schedule): ScheduleForm {
  return {
    title: schedule.title,
    machine: schedule.machine?._id ?? '',
    scheduledDate: toLocalInput(schedule.scheduledDate),
    estimatedDuration: String(schedule.estimatedDuration),
    priority: schedule.priority,
    assignedTo: schedule.assignedTo?._id ?? '',
    description: schedule.description,
    checklist: schedule.checklist,
    repeat: schedule.recurrence?.unit ?? '',
    repeatEvery: String(schedule.recurrence?.every ?? 1),
    workingDaysOnly: schedule.recurrence?.workingDaysOnly ?? false,
  };
}

function recurrenceOf(form: ScheduleForm): Recurrence | null {
  if (!form.repeat) return null;
  const every = form.repeatEvery.trim() === '' ? Number.NaN : Number(form.repeatEvery);
  const workingDaysOnly = form.workingDaysOnly && form.repeat !== 'hours';
  return { every, unit: form.repeat, ...(workingDaysOnly ? { workingDaysOnly } : {}) };
}

function rawInput(form: ScheduleForm) {
  const date = form.scheduledDate ? new Date(form.scheduledDate) : null;
  const duration = form.estimatedDuration.trim();
  return {
    title: form.title,
    description: form.description,
    machine: form.machine,
    // Spec: the date is sent as a full ISO timestamp.
    scheduledDate: date && !Number.isNaN(date.getTime()) ? date.toISOString() : '',
    estimatedDuration: duration === '' ? Number.NaN : Number(duration),
    priority: form.priority,
    assignedTo: form.assignedTo || null,
    // A row left blank is not a task.
    checklist: form.checklist.filter((item) => item.task.trim() !== ''),
    recurrence: recurrenceOf(form),
  };
}

export type ScheduleValidation =
  | { input: ScheduleInput; errors?: never }
  | { input?: never; errors: Record<string, string> };

/** The form checked with the shared schema; required fields get plain messages instead of format ones. */
export function validateScheduleForm(form: ScheduleForm): ScheduleValidation {
  const parsed = scheduleCreate.safeParse(rawInput(form));
  if (parsed.success) return { input: parsed.data as ScheduleInput };
  const errors = fieldErrors(parsed.error);
  if (!form.scheduledDate) errors.scheduledDate = 'Scheduled date is required';
  const repeatError = errors['recurrence.every'] ?? errors['recurrence.unit'];
  if (repeatError) errors.recurrence = repeatError;
  return { errors };
}

export function changedScheduleFields(initial: ScheduleForm, form: ScheduleForm, input: ScheduleInput): ScheduleUpdate {
  return changedFields(rawInput(initial), rawInput(form), input);
}
