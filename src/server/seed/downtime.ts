import { downtimeReasons, type DowntimeCategory } from '#shared/downtime-reasons.ts';
import type { MachineStatus } from '#shared/enums.ts';
import type { Tx } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { machines as machineTable, machineStatusChanges } from '../db/schema.ts';
import { currentStop, rebuildDowntime } from '../repositories/downtime.ts';
import type { Random } from './random.ts';

const hour = 60 * 60 * 1000;

/** How often each category stops a machine in the demo: a Pareto worth reading. */
const categoryWeights: [DowntimeCategory, number][] = [
  ['Mechanical', 6],
  ['Hydraulic', 5],
  ['Electrical', 4],
  ['Process', 3],
  ['Material shortage', 2],
  ['Pneumatic', 1],
  ['Other', 1],
];

interface SeedMachine {
  id: string;
  status: MachineStatus;
}

/**
 * A month of stops for every demo machine: a few breakdowns with reasons (some without, as happens),
 * planned maintenance, some linked to a ticket of the machine; a machine that is Down or in
 * Maintenance now has its stop still open. Changes are stored in time order and the events rebuilt.
 */
export async function seedDowntime(
  tx: Tx,
  random: Random,
  machines: SeedMachine[],
  ticketsByMachine: Map<string, string[]>,
  userId: string,
  now: Date,
) {
  const rows: (typeof machineStatusChanges.$inferInsert)[] = [];
  for (const machine of machines) {
    let time = now.getTime() - 30 * 24 * hour + random.between(0, 48) * hour;
    const stopsNow = machine.status === 'Down' || machine.status === 'Maintenance';
    const until = now.getTime() - (stopsNow ? 6 : 1) * hour;
    while (true) {
      const planned = random.chance(0.12);
      const length = (planned ? random.between(2, 6) : random.between(0.3, 8)) * hour;
      if (time + length >= until) break;
      const category: DowntimeCategory = planned ? 'Planned maintenance' : random.weighted(categoryWeights);
      const withReason = planned || random.chance(0.85);
      const ticket = !planned && random.chance(0.3) ? random.pick(ticketsByMachine.get(machine.id) ?? [null]) : null;
      rows.push({
        machineId: machine.id,
        status: planned ? 'Maintenance' : 'Down',
        changedAt: new Date(time),
        reasonCategory: withReason ? category : null,
        reasonDetail: withReason ? random.pick(downtimeReasons[category]) : null,
        ticketId: ticket,
        userId,
      });
      rows.push({ machineId: machine.id, status: 'Running', changedAt: new Date(time + length), userId });
      time += length + random.between(20, 140) * hour;
    }
    if (stopsNow) {
      const category: DowntimeCategory =
        machine.status === 'Maintenance' ? 'Planned maintenance' : random.weighted(categoryWeights);
      rows.push({
        machineId: machine.id,
        status: machine.status,
        changedAt: new Date(now.getTime() - random.between(1, 5) * hour),
        reasonCategory: category,
        reasonDetail: random.pick(downtimeReasons[category]),
        userId,
      });
    }
  }
  if (rows.length > 0) await tx.insert(machineStatusChanges).values(rows);
  for (const machine of machines) {
    await rebuildDowntime(tx, machine.id, new Date(0));
    const stop = await currentStop(tx, machine.id);
    if (stop) await tx.update(machineTable).set({ currentStop: stop }).where(eq(machineTable.id, machine.id));
  }
}
