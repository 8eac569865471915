import { z } from 'zod';
import { priorities, ticketCategories, ticketStatuses } from '../enums.ts';
import {
  oneOf,
  fileRef,
  idSchema,
  optionalFilter,
  pageInfo,
  pageQuery,
  recordMeta,
  requiredText,
  searchFilter,
  updated,
  userRef,
} from './common.ts';
import { permitOverride } from './permit.ts';

const priority = oneOf('Priority', priorities);
const category = oneOf('Category', ticketCategories);
const status = oneOf('Status', ticketStatuses);

export const estimatedHours = z
  .number({ error: 'Estimated hours must be a number' })
  .min(0, 'Estimated hours must be at least 0')
  .max(10_000, 'Estimated hours must be at most 10000')
  .multipleOf(0.5, 'Estimated hours must be a multiple of 0.5')
  .nullable();

export const ticketMachine = z.object({
  _id: idSchema,
  name: z.string(),
  machineId: z.string(),
  department: z.string(),
  location: z.string(),
});

export const comment = z.object({
  _id: idSchema,
  user: userRef.nullable(),
  timestamp: z.string(),
  comment: z.string(),
});
export type Comment = z.infer<typeof comment>;

/** Where a ticket was raised from: a failed checklist item of a schedule, or an incident's action. */
export const ticketSource = z.object({
  kind: z.enum(['schedule', 'incident'], { error: 'source.kind must be schedule or incident' }),
  _id: idSchema,
  itemId: idSchema,
});
export type TicketSource = z.infer<typeof ticketSource>;

/** Failure codes as a ticket keeps them (src/shared/failure-codes.ts). */
export const failureCodes = z.object({
  problem: requiredText('Problem'),
  cause: requiredText('Cause'),
  remedy: requiredText('Remedy'),
  note: z.string().trim().max(500, 'The failure note must be at most 500 characters'),
});

export const ticket = z.object({
  ...recordMeta,
  ticketNumber: z.string(),
  title: z.string(),
  description: z.string(),
  machine: ticketMachine.nullable(),
  priority,
  category,
  status,
  estimatedHours: z.number().nullable(),
  reportedBy: userRef.nullable(),
  assignedTo: userRef.nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  comments: z.array(comment),
  attachments: z.array(fileRef),
  source: ticketSource.nullable(),
  failure: failureCodes.nullable(),
  /** The work request it was opened from (src/docs/work-requests.md). */
  request: z.object({ _id: idSchema, code: z.string() }).nullable(),
});
export type Ticket = z.infer<typeof ticket>;

const ticketFields = {
  title: requiredText('Title'),
  description: requiredText('Description', 5000),
  machine: idSchema,
  priority,
  category,
  estimatedHours,
};

export const ticketCreate = z.object({
  _id: idSchema.optional(),
  ...ticketFields,
  priority: priority.default('Medium'),
  category: category.default('Mechanical'),
  estimatedHours: estimatedHours.default(null),
  source: ticketSource.optional(),
});
export type TicketCreate = z.input<typeof ticketCreate>;

export const ticketUpdate = z
  .object({
    ...ticketFields,
    status,
    assignedTo: idSchema.nullable(),
    failure: failureCodes.nullable(),
    permitOverride,
  })
  .partial();
export type TicketUpdate = z.infer<typeof ticketUpdate>;

export const commentCreate = z.object({
  _id: idSchema.optional(),
  comment: requiredText('Comment', 5000),
});

export const ticketListQuery = pageQuery.extend({
  status: optionalFilter(status),
  priority: optionalFilter(priority),
  search: searchFilter,
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

/** The list's filters and search without its paging: what an export of the list takes. */
export const ticketExportQuery = ticketListQuery.omit({ page: true, limit: true });
export type TicketFilterQuery = z.infer<typeof ticketExportQuery>;

export const ticketPage = pageInfo.extend({ tickets: z.array(ticket) });
export type TicketPage = z.infer<typeof ticketPage>;

export const ticketUpdated = updated(ticket);
