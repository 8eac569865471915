import { eq } from 'drizzle-orm';
import type { Role } from '#shared/enums.ts';
import type { Tx } from '../db/client.ts';
import { labourEntries, users } from '../db/schema.ts';
import type { Person } from './demo-records.ts';
import { insertInChunks } from './insert.ts';
import type { SeedTicket } from './parts.ts';
import type { Random } from './random.ts';

const day = 24 * 3_600_000;

/** A plant's going hourly cost of each role, before each person's own difference. */
const baseRates: Record<Role, number> = { admin: 58, maintenance_engineer: 46, safety_officer: 44, operator: 31 };

/**
 * Hourly rates for the demo staff and the hours worked on about two thirds of the finished tickets:
 * one to three entries each, by the assignee and now and then an engineer who helped.
 */
export async function seedLabour(
  tx: Tx,
  random: Random,
  context: { people: Person[]; tickets: SeedTicket[] },
  now: Date,
): Promise<void> {
  const rates = new Map<string, number>();
  for (const person of context.people) {
    const rate = baseRates[person.role] + random.int(-4, 6) + random.int(0, 3) / 4;
    rates.set(person.id, rate);
    await tx.update(users).set({ hourlyRate: rate }).where(eq(users.id, person.id));
  }
  const engineers = context.people.filter((person) => person.role === 'maintenance_engineer');
  const finished = context.tickets.filter(
    (ticket) => (ticket.status === 'Resolved' || ticket.status === 'Closed') && random.chance(0.65),
  );
  const entries = finished.flatMap((ticket) =>
    Array.from({ length: random.int(1, 3) }, (_, index) => {
      const personId = index === 0 && ticket.assignedTo ? ticket.assignedTo : random.pick(engineers).id;
      const workedAt = Math.min(ticket.createdAt.getTime() + random.int(0, 2) * day, now.getTime());
      return {
        id: random.uuid(),
        ticketId: ticket.id,
        personId,
        hours: random.int(2, 24) / 4,
        workedOn: new Date(workedAt).toISOString().slice(0, 10),
        rate: rates.get(personId) ?? baseRates.maintenance_engineer,
        recordedBy: personId,
        createdAt: new Date(workedAt),
      };
    }),
  );
  await insertInChunks(tx, labourEntries, entries);
}
