import { z } from 'zod';
import { machineTypes } from '../failure-codes.ts';
import { downtimeCategories, downtimeReasons, type DowntimeCategory } from '../downtime-reasons.ts';
import { idSchema } from './common.ts';

export const downtimeReason = z
  .object({
    category: z.enum(downtimeCategories as [DowntimeCategory, ...DowntimeCategory[]], {
      error: `Reason category must be one of: ${downtimeCategories.join(', ')}`,
    }),
    detail: z.string().nullable().default(null),
    /** What the operator adds in their own words; blank is none. */
    note: z
      .string({ error: 'Reason note must be text' })
      .trim()
      .max(500, 'Reason note must be at most 500 characters')
      .nullable()
      .default(null)
      .transform((note) => note || null),
  })
  .refine(
    ({ category, detail }) => detail === null || (downtimeReasons[category] as readonly string[]).includes(detail),
    { error: 'Reason detail must be one of its category’s details', path: ['detail'] },
  );
export type DowntimeReason = z.infer<typeof downtimeReason>;

const storedReason = z.object({ category: z.string(), detail: z.string().nullable(), note: z.string().nullable() });

export const downtimeEvent = z.object({
  _id: idSchema,
  status: z.enum(['Down', 'Maintenance']),
  startedAt: z.string(),
  /** Null while the machine is still stopped. */
  endedAt: z.string().nullable(),
  /** Up to now while the event is open. */
  durationMinutes: z.number(),
  reason: storedReason.nullable(),
  ticket: z.object({ _id: idSchema, ticketNumber: z.string(), status: z.string() }).nullable(),
});
export type DowntimeEvent = z.infer<typeof downtimeEvent>;

/** The stop a machine is in now, on the machine's record, so every device knows it offline. */
export const machineStop = z.object({
  since: z.string(),
  reason: storedReason.nullable(),
  /** The ticket that deals with the stop: resolving it asks whether the machine runs again. */
  ticket: idSchema.nullable(),
});
export type MachineStop = z.infer<typeof machineStop>;

export const windowQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be 1 to 365')
    .max(365, 'days must be 1 to 365')
    .default(30),
});

export const machineAvailability = z.array(
  z.object({
    _id: idSchema,
    name: z.string(),
    department: z.string(),
    /** Percent of the window the machine was not stopped, one decimal. */
    availability: z.number(),
    downtimeMinutes: z.number(),
    /** Stops with status Down that started in the window. */
    failures: z.number(),
    /** Hours available per failure in the window; null without failures. */
    mtbfHours: z.number().nullable(),
  }),
);
export type MachineAvailability = z.infer<typeof machineAvailability>;

export const departmentAvailability = z.array(
  z.object({ _id: z.string(), machines: z.number(), availability: z.number(), downtimeMinutes: z.number() }),
);
export type DepartmentAvailability = z.infer<typeof departmentAvailability>;

export const downtimeReasonPareto = z.array(z.object({ _id: z.string(), minutes: z.number(), count: z.number() }));
export type DowntimeReasonPareto = z.infer<typeof downtimeReasonPareto>;

/**
 * Failure modes by machine type over a window (src/docs/failure-codes.md): each problem's repairs
 * resolved in the window, MTBF (the type's running hours per such repair) and the downtime of the
 * stops whose tickets recorded it, most downtime first.
 */
export const failureModes = z.array(
  z.object({
    _id: z.enum(machineTypes),
    modes: z.array(
      z.object({
        problem: z.string(),
        failures: z.number(),
        mtbfHours: z.number().nullable(),
        downtimeMinutes: z.number(),
      }),
    ),
  }),
);
export type FailureModes = z.infer<typeof failureModes>;
