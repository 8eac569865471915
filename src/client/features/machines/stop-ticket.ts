import { ticketCategories, type MachineStatus, type TicketCategory } from '#shared/enums.ts';
import { reasonLabel } from '#shared/downtime-reasons.ts';
import type { DowntimeReason } from '#shared/schemas/downtime.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { z } from 'zod';
import type { ticketCreate } from '#shared/schemas/ticket.ts';
import { newId } from '#shared/ids.ts';

/** The ticket a stop raises, filled in from the machine and the reason. */
export function stopTicketInput(
  machine: Pick<Machine, '_id' | 'name'>,
  status: MachineStatus,
  reason: DowntimeReason | null,
): z.output<typeof ticketCreate> {
  const why = reason ? reasonLabel(reason) : 'reason not given';
  const category = (ticketCategories as readonly string[]).includes(reason?.category ?? '')
    ? (reason!.category as TicketCategory)
    : 'Other';
  return {
    _id: newId(),
    title: `${machine.name} ${status === 'Down' ? 'down' : 'in maintenance'}: ${why}`,
    description: `Raised when ${machine.name} went ${status} (${why}).`,
    machine: machine._id,
    priority: status === 'Down' ? 'High' : 'Medium',
    category,
    estimatedHours: null,
  };
}
