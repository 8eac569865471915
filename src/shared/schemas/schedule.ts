import { z } from 'zod';
import { priorities, scheduleStatuses } from '../enums.ts';
import { checkResults } from '../checklist.ts';
import { recurrenceUnits } from '../recurrence.ts';
import {
  idSchema,
  isoInstant,
  oneOf,
  optionalFilter,
  optionalText,
  recordMeta,
  requiredText,
  updated,
  userRef,
} from './common.ts';
import { permitOverride } from './permit.ts';

const priority = oneOf('Priority', priorities);
const status = oneOf('Status', scheduleStatuses);

/** How a schedule repeats (src/docs/recurrence.md); null: it does not. */
export const recurrence = z
  .object({
    every: z
      .number({ error: 'Repeat every must be a number' })
      .int('Repeat every must be a whole number')
      .min(1, 'Repeat every must be at least 1')
      .max(100_000, 'Repeat every must be at most 100000'),
    unit: oneOf('Repeat unit', recurrenceUnits),
    workingDaysOnly: z.boolean().optional(),
  })
  .nullable();

const dueHours = z
  .number({ error: 'Due hours must be a number' })
  .min(0, 'Due hours must be at least 0')
  .max(100_000_000, 'Due hours must be at most 100000000')
  .nullable();

const result = oneOf('Result', checkResults).nullable();

export const checklistItem = z.object({
  _id: idSchema,
  task: z.string(),
  completed: z.boolean(),
  notes: z.string(),
  /** Pass, Fail or N/A; null until the check is made (src/docs/checklists.md). */
  result,
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const checklistItemInput = z.object({
  _id: idSchema.optional(),
  task: requiredText('Task', 500),
  completed: z.boolean().default(false),
  notes: optionalText('Notes', 2000).default(''),
  result: result.default(null),
});

export const checklistPatch = z
  .object({ task: requiredText('Task', 500), completed: z.boolean(), notes: optionalText('Notes', 2000), result })
  .partial();
export type ChecklistPatch = z.infer<typeof checklistPatch>;

export const schedule = z.object({
  ...recordMeta,
  title: z.string(),
  description: z.string(),
  status,
  priority,
  scheduledDate: z.string(),
  estimatedDuration: z.number(),
  machine: z.object({ _id: idSchema, name: z.string() }).nullable(),
  assignedTo: userRef.nullable(),
  checklist: z.array(checklistItem),
  completedAt: z.string().nullable(),
  /** Who marked it Completed. */
  completedBy: userRef.nullable(),
  recurrence,
  /** The series this occurrence belongs to (the first occurrence's id); null for a one-off. */
  seriesId: idSchema.nullable(),
  /** The series' first date: date-based steps count from it. */
  seriesStart: z.string().nullable(),
  /** A meter-based occurrence is due when its machine's operating hours reach this. */
  dueHours: z.number().nullable(),
});
export type Schedule = z.infer<typeof schedule>;

const scheduleFields = {
  title: requiredText('Title'),
  description: optionalText('Description'),
  machine: idSchema,
  scheduledDate: isoInstant('Scheduled date'),
  estimatedDuration: z
    .number({ error: 'Estimated duration must be a number' })
    .min(0, 'Estimated duration must be at least 0')
    .max(1000, 'Estimated duration must be at most 1000 hours'),
  priority,
  status,
  assignedTo: idSchema.nullable(),
  checklist: z.array(checklistItemInput).max(100, 'At most 100 checklist items'),
  recurrence,
  dueHours,
};

export const scheduleCreate = z.object({
  _id: idSchema.optional(),
  ...scheduleFields,
  description: scheduleFields.description.default(''),
  estimatedDuration: scheduleFields.estimatedDuration.default(1),
  priority: priority.default('Medium'),
  status: status.default('Scheduled'),
  assignedTo: scheduleFields.assignedTo.default(null),
  checklist: scheduleFields.checklist.default([]),
  recurrence: recurrence.default(null),
  dueHours: dueHours.optional(),
  /** Set when a device creates the next occurrence of a series (the server also does on completion). */
  seriesId: idSchema.optional(),
  seriesStart: isoInstant('Series start').optional(),
});
export type ScheduleCreate = z.input<typeof scheduleCreate>;

export const scheduleUpdate = z.object({ ...scheduleFields, permitOverride }).partial();
export type ScheduleUpdate = z.infer<typeof scheduleUpdate>;

export const scheduleListQuery = z.object({
  status: optionalFilter(status),
  priority: optionalFilter(priority),
  machine: optionalFilter(idSchema),
  assignee: optionalFilter(idSchema),
  from: optionalFilter(isoInstant('from')),
  to: optionalFilter(isoInstant('to')),
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;

export const calendarParams = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1, 'month must be 1 to 12').max(12, 'month must be 1 to 12'),
});

const itemRefError = "must be a UUID or the item's position (0, 1, …)";
/** A checklist item by its `_id`, or by its position as the original API took it (`/checklist/0`). */
export const checklistParams = z.object({
  id: idSchema,
  itemId: z.union([
    z.uuid({ error: itemRefError }),
    z
      .string()
      .regex(/^\d{1,6}$/, { error: itemRefError })
      .transform(Number),
  ]),
});

export const scheduleUpdated = updated(schedule);
