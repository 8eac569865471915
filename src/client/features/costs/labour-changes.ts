import { newId } from '#shared/ids.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';

export interface HoursInput {
  person: UserRef;
  hours: number;
  workedOn: string;
  note: string;
}

/** Reads "2", "1.5" or "0,75" as hours: more than 0, at most 24, at most 2 decimals; null otherwise. */
export function parseHours(value: string): number | null {
  const number = Number(value.trim().replace(',', '.'));
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0 || number > 24) return null;
  return Math.abs(number * 100 - Math.round(number * 100)) < 1e-6 ? number : null;
}

/**
 * Hours recorded on a ticket on this device: shown at once, sent once under their own `_id` whatever
 * the network does (src/docs/costs.md).
 */
export function labourChange(
  user: UserRef,
  ticket: { _id: string; ticketNumber: string },
  input: HoursInput,
): QueuedOf<'labour'> {
  const _id = newId();
  return {
    id: _id,
    userId: user._id,
    entity: 'ticket',
    recordId: ticket._id,
    kind: 'labour',
    method: 'POST',
    url: '/labour',
    body: {
      _id,
      ticket: ticket._id,
      person: input.person._id,
      hours: input.hours,
      workedOn: input.workedOn,
      note: input.note,
    },
    preview: { _id, ...input },
    label: `${input.hours} h by ${input.person.name} on ${ticket.ticketNumber}`,
  };
}
