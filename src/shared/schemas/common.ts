import { z } from 'zod';

export const idSchema = z.uuid({ error: 'must be a UUID' });
export const idParams = z.object({ id: idSchema });
export const errorSchema = z.object({ message: z.string() });

const earliestInstant = Date.UTC(1970, 0, 1);
const latestInstant = Date.UTC(10_000, 0, 1) - 1;

/**
 * An ISO 8601 date-time with `Z` or an offset whose instant, in UTC, falls in the years 1970 to 9999:
 * the year is checked after the offset is applied (9999-12-31T23:00:00-01:00 is in the year 10000,
 * which the database refuses), and a device whose clock was reset says 1970.
 */
export function isoInstant(label: string) {
  const message = `${label} must be an ISO date-time between 1970-01-01 and 9999-12-31 (UTC)`;
  return z.iso.datetime({ offset: true, error: message }).refine((value) => {
    const time = Date.parse(value);
    return time >= earliestInstant && time <= latestInstant;
  }, message);
}

/** One of an option list, with a message that lists the options. */
export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });
}

/** A required free-text field: trimmed, not blank, bounded. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max = 5000) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters`);
}

/** A list filter: absent or empty means "any"; anything else must be valid, and the message says what is. */
export function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const userRef = z.object({ _id: idSchema, name: z.string() });
export type UserRef = z.infer<typeof userRef>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const searchFilter = optionalFilter(z.string().trim().max(200, 'search must be at most 200 characters'));

export const pageInfo = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const fileRef = z.object({
  _id: idSchema,
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** Who uploaded it (null once that account is gone): they, or an admin, may delete it. */
  uploadedBy: idSchema.nullable(),
});
export type FileRef = z.infer<typeof fileRef>;

/** Fields every synced record carries. */
export const recordMeta = {
  _id: idSchema,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A value that an update replaced although the client had not seen it (last writer wins). */
export const overwrite = z.object({
  field: z.string(),
  value: z.unknown(),
  changedBy: userRef.nullable(),
  changedAt: z.string(),
});
export type Overwrite = z.infer<typeof overwrite>;

/** Update responses: the stored record and what it overwrote. */
export function updated<S extends z.ZodRawShape>(record: z.ZodObject<S>) {
  return record.extend({ overwritten: z.array(overwrite) });
}

export const historyEntry = z.object({
  version: z.number().int(),
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  changedBy: userRef.nullable(),
  changedAt: z.string(),
  clientTime: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
