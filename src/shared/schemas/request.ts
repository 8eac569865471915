import { z } from 'zod';
import { departments, priorities, ticketCategories } from '../enums.ts';
import { requestKinds, requestStatuses, urgencies } from '../requests.ts';
import { fileRef, idSchema, oneOf, optionalText, requiredText, userRef } from './common.ts';

const optionalField = (label: string, max: number) =>
  optionalText(label, max)
    .optional()
    .transform((value) => (value ? value : undefined));

const requestFields = {
  _id: idSchema,
  description: requiredText('Description', 2000),
  urgency: oneOf('Urgency', urgencies),
  name: optionalField('Name', 100),
  contact: optionalField('Contact', 200),
  /** A photo sent first to POST /api/requests/photos. */
  photo: idSchema.optional(),
};

const repairRequest = z
  .object({
    kind: z.literal('repair'),
    ...requestFields,
    machine: idSchema.optional(),
    location: optionalField('Where', 200),
  })
  .strict();

/** A near miss or hazard: where and in which department are needed; a name, if sent, is not kept. */
const hazardRequest = z
  .object({
    kind: z.literal('hazard'),
    ...requestFields,
    location: z
      .string({ error: 'Say where it happened' })
      .trim()
      .min(1, 'Say where it happened')
      .max(200, 'Where must be at most 200 characters'),
    department: oneOf('Department', departments),
  })
  .strict();

/** What the request page sends, with or without a sign-in (src/docs/work-requests.md). */
export const requestCreate = z.discriminatedUnion('kind', [repairRequest, hazardRequest], {
  error: `Kind must be one of: ${requestKinds.join(', ')}`,
});
export type RequestCreate = z.infer<typeof requestCreate>;
export type HazardRequest = z.infer<typeof hazardRequest>;
export type RepairRequest = z.infer<typeof repairRequest>;
/** A request as a device sends it (optional fields may be left out). */
export type RequestInput = z.input<typeof requestCreate>;

export const requestReceipt = z.object({ code: z.string(), status: z.enum(requestStatuses) });
export type RequestReceipt = z.infer<typeof requestReceipt>;

/** What anybody holding the code may see: no names, no text. */
export const requestStatusAnswer = z.object({
  code: z.string(),
  status: z.enum(requestStatuses),
  ticket: z.object({ ticketNumber: z.string(), status: z.string() }).optional(),
  reason: z.string().optional(),
});
export type RequestStatusAnswer = z.infer<typeof requestStatusAnswer>;

export const codeParams = z.object({ code: z.string().max(20, 'A tracking code has six characters') });

/** A machine as the request page offers it: enough to pick it, nothing more. */
export const requestMachine = z.object({
  _id: idSchema,
  machineId: z.string(),
  name: z.string(),
  department: z.string(),
  location: z.string(),
});
export type RequestMachine = z.infer<typeof requestMachine>;

/** A repair request as the engineers triage it. */
export const workRequest = z.object({
  _id: idSchema,
  code: z.string(),
  status: z.enum(requestStatuses),
  machine: requestMachine.nullable(),
  description: z.string(),
  location: z.string().nullable(),
  urgency: z.enum(urgencies),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  photo: fileRef.nullable(),
  ticket: z.object({ _id: idSchema, ticketNumber: z.string(), status: z.string() }).nullable(),
  reason: z.string().nullable(),
  triagedBy: userRef.nullable(),
  triagedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkRequest = z.infer<typeof workRequest>;

export const requestListQuery = z.object({
  status: z.enum(['open', 'all'], { error: 'status must be open or all' }).default('open'),
});

export const requestAccept = z.object({
  title: requiredText('Title'),
  machine: idSchema.optional(),
  priority: oneOf('Priority', priorities),
  category: oneOf('Category', ticketCategories),
});
export type RequestAccept = z.infer<typeof requestAccept>;

export const requestMerge = z.object({ ticket: idSchema });
export const requestReject = z.object({ reason: requiredText('Reason', 500) });
