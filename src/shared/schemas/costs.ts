import { z } from 'zod';
import { idSchema, optionalFilter, userRef } from './common.ts';

/** What a piece of work cost and what maintenance cost the plant (src/docs/costs.md). */

const partRef = z.object({ _id: idSchema, partNumber: z.string(), name: z.string(), unit: z.string() });

/** Money in the plant's currency, to the cent. */
export const roundMoney = (value: number) => Math.round(value * 100) / 100;

export const workCost = z.object({
  /** Per part: issued less returned, at the unit cost of its issues (their average when it changed). */
  parts: z.array(z.object({ part: partRef, quantity: z.number(), unitCost: z.number(), cost: z.number() })),
  partsTotal: z.number(),
  /** Per labour entry: hours × the rate kept on the entry. */
  labour: z.array(
    z.object({
      _id: idSchema,
      person: userRef,
      workedOn: z.string(),
      hours: z.number(),
      rate: z.number(),
      cost: z.number(),
    }),
  ),
  labourTotal: z.number(),
  total: z.number(),
  currency: z.string(),
});
export type WorkCost = z.infer<typeof workCost>;

const date = (label: string) => optionalFilter(z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }));

export const costQuery = z
  .object({
    from: date('from'),
    to: date('to'),
    department: optionalFilter(z.string().trim().max(100, 'department must be at most 100 characters')),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type CostQuery = z.infer<typeof costQuery>;

const split = { parts: z.number(), labour: z.number(), total: z.number() };

export const costAnalytics = z.object({
  /** The period as applied: days, inclusive; parts by the day they moved, labour by the day worked. */
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  byMachine: z.array(
    z.object({
      machine: z.object({ _id: idSchema, name: z.string(), machineId: z.string() }),
      department: z.string(),
      ...split,
    }),
  ),
  byDepartment: z.array(z.object({ department: z.string(), ...split })),
  /** Issued less returned in the period, by value. */
  topParts: z.array(z.object({ part: partRef, quantity: z.number(), value: z.number() })),
  /** Now, whatever the period: on hand × unit cost, a negative on hand counted as 0. */
  stockValue: z.object({
    total: z.number(),
    byStoreroom: z.array(z.object({ storeroom: z.object({ _id: idSchema, name: z.string() }), value: z.number() })),
  }),
});
export type CostAnalytics = z.infer<typeof costAnalytics>;
