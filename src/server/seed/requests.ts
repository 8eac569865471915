import { eq } from 'drizzle-orm';
import { codeAlphabet, codeLength, type RequestStatus, type Urgency } from '#shared/requests.ts';
import type { Tx } from '../db/client.ts';
import { incidents, recordHistory, tickets, workRequests } from '../db/schema.ts';
import { nextChangeSeq } from './insert.ts';
import type { Random } from './random.ts';

type Row = typeof workRequests.$inferInsert;

const asked: { description: string; location: string; urgency: Urgency; name?: string; contact?: string }[] = [
  {
    description: 'Oil dripping under the gearbox, a puddle by the walkway',
    location: 'Drive side',
    urgency: 'this shift',
    name: 'Piet (contractor)',
    contact: 'radio 14',
  },
  {
    description: 'Guard on the coupling rattles and one bolt is missing',
    location: 'Coupling guard',
    urgency: 'now, unsafe',
  },
  {
    description: 'Light above the control panel is out',
    location: 'Control panel',
    urgency: 'can wait',
    name: 'Agency cleaner',
  },
  {
    description: 'Hydraulic hose weeping at the fitting',
    location: 'Power pack',
    urgency: 'this shift',
    name: 'Night shift operator',
  },
  { description: 'Loud squeal when the line starts up', location: 'Main drive', urgency: 'this shift' },
  { description: 'Same oil leak as yesterday, getting worse', location: 'Drive side', urgency: 'this shift' },
  { description: 'Paint flaking off the handrail', location: 'Stairs', urgency: 'can wait', contact: 'ext. 4410' },
];

/** The state each request of `asked` is in, in order: new ones first, then each triage outcome. */
const outcomes: RequestStatus[] = ['New', 'New', 'New', 'Accepted', 'Accepted', 'Merged', 'Rejected'];

const code = (random: Random) => Array.from({ length: codeLength }, () => random.pick([...codeAlphabet])).join('');

/**
 * A few work requests in each state (src/docs/work-requests.md), the accepted and merged ones linked
 * to open tickets of their machine, and one near miss sent from the request page: no reporter, and
 * nothing links it to its request.
 */
export async function seedRequests(
  tx: Tx,
  random: Random,
  plant: { machineIds: string[]; openTickets: { id: string; machineId: string | null }[]; engineerId: string },
  now: Date,
) {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
  const linkable = plant.openTickets.filter((ticket) => ticket.machineId);
  const rows: Row[] = asked.map((request, index) => {
    const status = outcomes[index]!;
    const ticket = status === 'Accepted' || status === 'Merged' ? linkable[index % linkable.length] : undefined;
    const triaged = status !== 'New';
    return {
      id: random.uuid(),
      code: code(random),
      kind: 'repair',
      status,
      machineId: ticket?.machineId ?? random.pick(plant.machineIds),
      description: request.description,
      location: request.location,
      urgency: request.urgency,
      name: request.name ?? null,
      contact: request.contact ?? null,
      ticketId: ticket?.id ?? null,
      reason: status === 'Rejected' ? 'Cosmetic: booked for the next painting round' : null,
      triagedBy: triaged ? plant.engineerId : null,
      triagedAt: triaged ? hoursAgo(2 + index) : null,
      createdAt: hoursAgo((triaged ? 30 : 1) + index * 3),
    };
  });
  rows.push({ id: random.uuid(), code: code(random), kind: 'hazard', status: 'Reported', urgency: 'now, unsafe' });
  await tx.insert(workRequests).values(rows);
  for (const row of rows.filter((candidate) => candidate.status === 'Accepted')) {
    await tx.update(tickets).set({ requestId: row.id }).where(eq(tickets.id, row.ticketId!));
  }

  const nearMiss = hoursAgo(20);
  const [incident] = await tx
    .insert(incidents)
    .values({
      title: 'Coil strap snapped while a walker crossed the exclusion zone',
      description: 'Sent from the request page: the strap end whipped past the walkway barrier.',
      type: 'Near Miss',
      severity: 'High',
      location: 'Coil store, bay 3',
      department: 'Rolling Mill',
      incidentDate: nearMiss,
      reportedBy: null,
      createdAt: nearMiss,
      updatedAt: nearMiss,
      changeSeq: nextChangeSeq,
    })
    .returning({ id: incidents.id });
  await tx.insert(recordHistory).values({
    entity: 'incident',
    recordId: incident!.id,
    version: 1,
    userId: null,
    field: 'created',
    oldValue: null,
    newValue: true,
    changedAt: nearMiss,
  });
}
