import { z } from 'zod';
import { idSchema, optionalText, userRef } from './common.ts';

/** Hours worked on a ticket or a maintenance job (src/docs/costs.md). */

export const maxHoursPerEntry = 24;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const hoursSchema = z
  .number({ error: 'hours must be a number' })
  .gt(0, 'hours must be more than 0')
  .max(maxHoursPerEntry, `hours must be at most ${maxHoursPerEntry}`)
  .refine(twoDecimals, 'hours has at most 2 decimals');

/** An hourly rate an admin sets; null: the person costs the plant's default rate. */
export const hourlyRateSchema = z
  .number({ error: 'hourlyRate must be a number' })
  .min(0, 'hourlyRate must not be negative')
  .max(10_000, 'hourlyRate must be at most 10000')
  .refine(twoDecimals, 'hourlyRate has at most 2 decimals')
  .nullable();

export const labourEntryCreate = z
  .object({
    _id: idSchema,
    ticket: idSchema.optional(),
    schedule: idSchema.optional(),
    person: idSchema,
    hours: hoursSchema,
    workedOn: z.iso.date({ error: 'workedOn must be a date (YYYY-MM-DD)' }),
    note: optionalText('note', 500).default(''),
  })
  .refine((value) => (value.ticket ? 1 : 0) + (value.schedule ? 1 : 0) === 1, {
    message: 'hours are recorded on one ticket or one schedule: give exactly one of ticket or schedule',
    path: ['ticket'],
  });
export type LabourEntryCreate = z.input<typeof labourEntryCreate>;

export const labourEntry = z.object({
  _id: idSchema,
  ticket: idSchema.nullable(),
  schedule: idSchema.nullable(),
  person: userRef,
  hours: z.number(),
  workedOn: z.string(),
  note: z.string(),
  /** The person's hourly rate when the hours were recorded. */
  rate: z.number(),
  by: userRef.nullable(),
  createdAt: z.string(),
  /** When it was deleted; a deleted entry costs nothing and is left out of lists. */
  deletedAt: z.string().nullable(),
});
export type LabourEntry = z.infer<typeof labourEntry>;

export const labourQuery = z
  .object({ ticket: idSchema.optional(), schedule: idSchema.optional() })
  .refine((value) => (value.ticket ? 1 : 0) + (value.schedule ? 1 : 0) === 1, {
    message: 'give exactly one of ticket or schedule',
    path: ['ticket'],
  });
export type LabourQuery = z.infer<typeof labourQuery>;
