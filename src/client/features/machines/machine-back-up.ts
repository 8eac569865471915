import { isStopped } from '#shared/downtime-reasons.ts';
import type { TicketStatus } from '#shared/enums.ts';
import { openTicketStatuses } from '#shared/open-records.ts';
import { can } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { localDb } from '#client/data/store/db.ts';
import type { LocalMachine } from './machine-list.ts';

export interface ResolvedTicket {
  _id: string;
  ticketNumber: string;
  machine: { _id: string } | null;
}

export interface MachineBackUpQuestion {
  machine: LocalMachine;
  ticket: ResolvedTicket;
  at: number;
}

/**
 * The open "Machine back to Running?" question. It lives outside the screen that asked it: a list
 * row filtered away by the status just chosen, or a closed ticket dialog, must not take it along.
 */
let question: MachineBackUpQuestion | null = null;
const listeners = new Set<() => void>();

export const machineBackUp = {
  get: () => question,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set: (next: MachineBackUpQuestion | null) => {
    question = next;
    listeners.forEach((listener) => listener());
  },
};

/**
 * Asks "Machine back to Running?" after a ticket is resolved or closed whose machine is still
 * stopped for it (the ticket raised with the stop, or linked to it: `machine.stop.ticket`), when
 * the user may set a machine's status (src/docs/downtime.md).
 */
export async function offerMachineBackUp(user: Pick<User, 'role'>, ticket: ResolvedTicket, status: TicketStatus) {
  if ((openTicketStatuses as readonly string[]).includes(status) || !ticket.machine) return;
  if (!can(user.role, 'machine:status')) return;
  const machine = await localDb.machines.get(ticket.machine._id);
  if (machine && isStopped(machine.status) && machine.stop?.ticket === ticket._id) {
    machineBackUp.set({ machine, ticket, at: Date.now() });
  }
}
