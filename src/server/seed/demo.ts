import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';
import {
  incidents,
  machineReadings,
  machines,
  recordHistory,
  schedules,
  ticketComments,
  tickets,
  users,
} from '../db/schema.ts';
import { defaultPlan, type ShiftPlan } from '#shared/shifts.ts';
import { buildDemoSeries } from './series.ts';
import { hashPassword } from '../lib/passwords.ts';
import { buildDemoRecords, type Person } from './demo-records.ts';
import { seedDowntime } from './downtime.ts';
import { seedHandovers } from './handovers.ts';
import { seedLabour } from './labour.ts';
import { seedParts } from './parts.ts';
import { seedPurchaseRequests } from './purchase-requests.ts';
import { seedPermits } from './permits.ts';
import { insertInChunks, nextChangeSeq } from './insert.ts';
import { seedRequests } from './requests.ts';
import { plantMachines, staff } from './plant.ts';
import { createRandom } from './random.ts';

/** The same seed gives the same plant on every run (dates are relative to the day of seeding). */
const demoSeed = 2026;

async function hasUsers(executor: Db | Tx): Promise<boolean> {
  const [row] = await executor.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** Hashed before the write transaction opens: scrypt is slow and the write lock is shared. */
async function staffAccounts(now: Date) {
  // Staff without a demo password get a hash of a random secret: they exist, but nobody can sign in as them.
  const lockedHash = await hashPassword(randomBytes(32).toString('hex'));
  return Promise.all(
    staff.map(async ({ password, ...member }) => ({
      ...member,
      passwordHash: password ? await hashPassword(password) : lockedHash,
      createdAt: new Date(now.getTime() - 430 * 24 * 3_600_000),
    })),
  );
}

/**
 * Seeds the demo plant (accounts, machines, tickets, incidents, schedules, a week of shift handovers
 * in the plant's shifts, a few permits to work, the stores with a year of stock moves) into a database that has no users yet; returns false and changes nothing otherwise.
 */
export async function seedDemoIfEmpty(database: Database, plan: ShiftPlan = defaultPlan): Promise<boolean> {
  if (await hasUsers(database.db)) return false;
  const now = new Date();
  const accounts = await staffAccounts(now);
  return database.writeInOrder(async (tx) => {
    if (await hasUsers(tx)) return false;
    const inserted = await tx.insert(users).values(accounts).returning({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      department: users.department,
    });
    const byEmail = new Map(inserted.map((row) => [row.email, row]));
    const people = staff.map(({ email }) => byEmail.get(email)!) as Person[];

    const records = buildDemoRecords(createRandom(demoSeed), people, now);
    const withSeq = <T extends object>(rows: T[]) => rows.map((row) => ({ ...row, changeSeq: nextChangeSeq }));
    await insertInChunks(tx, machines, withSeq(records.machines));
    await insertInChunks(tx, tickets, withSeq(records.tickets));
    await insertInChunks(tx, ticketComments, records.comments);
    await insertInChunks(tx, incidents, withSeq(records.incidents));
    const engineer = people.find((person) => person.role === 'maintenance_engineer')!;
    const operator = people.find((person) => person.role === 'operator')!;
    const series = buildDemoSeries(
      { random: createRandom(demoSeed + 2), now, engineerId: engineer.id, operatorId: operator.id },
      records.machines,
    );
    await insertInChunks(tx, schedules, withSeq([...records.schedules, ...series.schedules]));
    await insertInChunks(tx, machineReadings, series.readings);
    await insertInChunks(tx, tickets, withSeq(series.tickets));
    await insertInChunks(tx, recordHistory, records.history);
    const ticketsByMachine = new Map<string, string[]>();
    for (const ticket of records.tickets) {
      if (ticket.machineId)
        ticketsByMachine.set(ticket.machineId, [...(ticketsByMachine.get(ticket.machineId) ?? []), ticket.id!]);
    }
    const machineStatuses = records.machines.map((machine) => ({ id: machine.id!, status: machine.status }));
    await seedDowntime(tx, createRandom(demoSeed + 1), machineStatuses, ticketsByMachine, operator.id, now);
    const openTickets = records.tickets
      .filter((ticket) => ticket.status === 'Pending' || ticket.status === 'In Progress')
      .map((ticket) => ({ id: ticket.id!, machineId: ticket.machineId ?? null, status: ticket.status! }));
    const machineIds = records.machines.map((machine) => machine.id!);
    await seedRequests(tx, createRandom(demoSeed + 3), { machineIds, openTickets, engineerId: engineer.id }, now);
    await seedHandovers(tx, createRandom(demoSeed + 4), people, plan, now);
    const withPoints = records.machines.map((machine) => ({
      id: machine.id!,
      status: machine.status,
      isolationPoints: machine.isolationPoints ?? [],
    }));
    await seedPermits(tx, createRandom(demoSeed + 5), { people, machines: withPoints, openTickets }, now);
    const machineKinds = records.machines.map((machine, index) => ({
      id: machine.id!,
      kind: plantMachines[index]!.kind,
    }));
    const seedTickets = records.tickets.map((ticket) => ({
      id: ticket.id!,
      machineId: ticket.machineId ?? null,
      createdAt: ticket.createdAt as Date,
      status: ticket.status!,
      assignedTo: ticket.assignedTo ?? null,
    }));
    await seedParts(tx, createRandom(demoSeed + 6), { people, machines: machineKinds, tickets: seedTickets }, now);
    await seedLabour(tx, createRandom(demoSeed + 7), { people, tickets: seedTickets }, now);
    await seedPurchaseRequests(tx, createRandom(demoSeed + 8), people, now);
    await tx.execute(sql`analyze`);
    return true;
  });
}
