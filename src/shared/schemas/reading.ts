import { z } from 'zod';
import { idSchema, isoInstant } from './common.ts';

/** An hour-meter reading taken on the floor; `_id` makes a replay after a lost answer harmless. */
export const readingBody = z.object({
  _id: idSchema,
  hours: z
    .number({ error: 'Hours must be a number' })
    .min(0, 'Hours must be at least 0')
    .max(10_000_000, 'Hours must be at most 10000000'),
  readAt: isoInstant('Reading time'),
});
export type ReadingInput = z.infer<typeof readingBody>;

export const reading = z.object({
  _id: idSchema,
  hours: z.number(),
  readAt: z.string(),
  recordedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
});
export type Reading = z.infer<typeof reading>;

/** Why a reading is refused: meters only count up. */
export const readingBelowLast = (hours: number, last: number) =>
  `A reading of ${hours.toLocaleString('en-US')} h is lower than the last one (${last.toLocaleString('en-US')} h)`;
