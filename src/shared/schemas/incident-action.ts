import { z } from 'zod';
import { actionKinds, actionStatuses, ticketStatuses } from '../enums.ts';
import { idSchema, oneOf, optionalText, requiredText, userRef } from './common.ts';

const kind = oneOf('Kind', actionKinds);
const status = oneOf('Status', actionStatuses);
const dueDate = z.iso.date({ error: 'Due date must be a date (YYYY-MM-DD)' });

/** The repair an action raised: its number, and its status when the incident was read. */
export const actionTicket = z.object({ _id: idSchema, ticketNumber: z.string(), status: z.enum(ticketStatuses) });

/** A corrective or preventive action of an incident (src/docs/corrective-actions.md). */
export const incidentAction = z.object({
  _id: idSchema,
  title: z.string(),
  kind,
  owner: userRef.nullable(),
  dueDate: z.string(),
  status,
  doneAt: z.string().nullable(),
  verifiedBy: userRef.nullable(),
  verifiedAt: z.string().nullable(),
  /** What the owner said when marking it Done, and the incident's files they gave as evidence. */
  doneNote: z.string(),
  evidence: z.array(idSchema),
  ticket: actionTicket.nullable(),
  createdAt: z.string(),
});
export type IncidentAction = z.infer<typeof incidentAction>;

export const actionCreate = z.object({
  _id: idSchema,
  title: requiredText('Title'),
  kind: kind.default('corrective'),
  owner: idSchema,
  dueDate,
});
export type ActionCreate = z.input<typeof actionCreate>;

/** How many files may show that an action was done. */
export const maxEvidenceFiles = 10;

export const actionPatch = z
  .object({
    title: requiredText('Title'),
    kind,
    owner: idSchema,
    dueDate,
    status,
    note: optionalText('Note', 2000),
    evidence: z
      .array(idSchema, { error: 'Evidence must be a list of file ids' })
      .max(maxEvidenceFiles, `At most ${maxEvidenceFiles} evidence files`),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Say what to change: title, kind, owner, dueDate or status')
  .refine(
    (patch) => (patch.note === undefined && patch.evidence === undefined) || patch.status === 'Done',
    'A note and evidence go with marking the action Done (status: Done)',
  );
export type ActionPatch = z.infer<typeof actionPatch>;

export const actionParams = z.object({ id: idSchema, actionId: idSchema });

/** Why it happened: the root cause, an optional five-whys chain, and what contributed. */
export const investigation = z.object({
  rootCause: optionalText('Root cause'),
  whys: z.array(optionalText('Why', 500)).max(5, 'At most five whys'),
  contributingFactors: optionalText('Contributing factors'),
});
export type Investigation = z.infer<typeof investigation>;

export const emptyInvestigation: Investigation = { rootCause: '', whys: [], contributingFactors: '' };
