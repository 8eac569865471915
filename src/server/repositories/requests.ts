import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { codeAlphabet, codeLength, titleFrom, urgencySeverity, type RequestStatus } from '#shared/requests.ts';
import type {
  HazardRequest,
  RepairRequest,
  RequestAccept,
  RequestCreate,
  RequestMachine,
  RequestReceipt,
  RequestStatusAnswer,
  WorkRequest,
} from '#shared/schemas/request.ts';
import type { Database, Tx } from '../db/client.ts';
import { files, incidents, machines, tickets, users, workRequests } from '../db/schema.ts';
import { withoutAccount } from '../lib/change-context.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import type { IncidentRepository } from './incidents.ts';
import { assertReferences } from './references.ts';
import { addNearMissNotices, addRequestNotices } from './request-notices.ts';
import { writeHistoryRows, type ChangeContext } from './record-changes.ts';
import { iso, isoOrNull } from './sql-helpers.ts';
import type { TicketRepository } from './tickets.ts';

/** A fresh code; a clash with a stored one fails the insert's unique key, and the write tries again. */
const newCode = () => Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

const machineColumns = {
  _id: machines.id,
  machineId: machines.machineCode,
  name: machines.name,
  department: machines.department,
  location: machines.location,
};

const triager = alias(users, 'triager');

/** A photo sent through POST /api/requests/photos, not yet part of anything. */
async function assertLoosePhoto(tx: Tx, photoId: string) {
  const [photo] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, photoId), isNull(files.ticketId), isNull(files.incidentId), isNull(files.uploadedBy)));
  const [taken] = await tx.select({ id: workRequests.id }).from(workRequests).where(eq(workRequests.photoId, photoId));
  if (!photo || taken) throw badRequest('The photo was not found: add it again');
}

/** Machine ids of live machines only; a request for a machine deleted meanwhile names none. */
async function liveMachine(tx: Tx, machineId: string | undefined) {
  if (!machineId) return null;
  const [machine] = await tx
    .select({ id: machines.id, name: machines.name })
    .from(machines)
    .where(and(eq(machines.id, machineId), isNull(machines.deletedAt)));
  if (!machine) throw badRequest('The machine was not found: choose it again');
  return machine;
}

export function createRequestRepository(
  database: Database,
  records: { tickets: TicketRepository; incidents: IncidentRepository },
) {
  const { db } = database;

  async function readList(where: SQL | undefined): Promise<WorkRequest[]> {
    const rows = await db
      .select({
        request: workRequests,
        machine: machineColumns,
        photo: files,
        ticket: { _id: tickets.id, ticketNumber: tickets.ticketNumber, status: tickets.status },
        triagerName: triager.name,
      })
      .from(workRequests)
      .leftJoin(machines, eq(machines.id, workRequests.machineId))
      .leftJoin(files, eq(files.id, workRequests.photoId))
      .leftJoin(tickets, eq(tickets.id, workRequests.ticketId))
      .leftJoin(triager, eq(triager.id, workRequests.triagedBy))
      .where(and(eq(workRequests.kind, 'repair'), where))
      .orderBy(desc(sql`${workRequests.status} = 'New'`), desc(workRequests.createdAt), asc(workRequests.id))
      .limit(200);
    return rows.map(({ request, machine, photo, ticket, triagerName }) => ({
      _id: request.id,
      code: request.code,
      status: request.status,
      machine: machine?._id ? machine : null,
      description: request.description ?? '',
      location: request.location,
      urgency: request.urgency,
      name: request.name,
      contact: request.contact,
      photo: photo && {
        _id: photo.id,
        originalName: photo.originalName,
        mimeType: photo.mimeType,
        size: photo.size,
        uploadedAt: iso(photo.createdAt),
        uploadedBy: null,
      },
      ticket: ticket?._id ? ticket : null,
      reason: request.reason,
      triagedBy: request.triagedBy ? { _id: request.triagedBy, name: triagerName ?? '' } : null,
      triagedAt: isoOrNull(request.triagedAt),
      createdAt: iso(request.createdAt),
    }));
  }

  /** The hazard becomes a near miss by nobody; only its code and status stay with the request. */
  async function reportHazard(tx: Tx, changeSeq: number, input: HazardRequest) {
    const { id } = await records.incidents.createIn(
      tx,
      changeSeq,
      {
        title: titleFrom(input.description),
        description: input.description,
        type: 'Near Miss',
        severity: urgencySeverity[input.urgency],
        location: input.location,
        department: input.department,
        incidentDate: new Date().toISOString(),
        anonymous: true,
      },
      withoutAccount,
    );
    if (input.photo) await tx.update(files).set({ incidentId: id }).where(eq(files.id, input.photo));
    const [incident] = await tx
      .select({ name: sql<string>`${incidents.incidentNumber} || ' ' || ${incidents.title}` })
      .from(incidents)
      .where(eq(incidents.id, id));
    await addNearMissNotices(tx, { id, name: incident!.name }, changeSeq);
    const [row] = await tx
      .insert(workRequests)
      .values({ id: input._id, code: newCode(), kind: 'hazard', status: 'Reported', urgency: input.urgency })
      .returning({ code: workRequests.code, status: workRequests.status });
    return row!;
  }

  async function fileRequest(tx: Tx, changeSeq: number, input: RepairRequest) {
    const machine = await liveMachine(tx, input.machine);
    const [row] = await tx
      .insert(workRequests)
      .values({
        id: input._id,
        code: newCode(),
        kind: 'repair',
        status: 'New',
        machineId: machine?.id ?? null,
        description: input.description,
        location: input.location ?? null,
        urgency: input.urgency,
        name: input.name ?? null,
        contact: input.contact ?? null,
        photoId: input.photo ?? null,
      })
      .returning({ code: workRequests.code, status: workRequests.status });
    await addRequestNotices(
      tx,
      { ...input, id: input._id, code: row!.code, machineName: machine?.name ?? null },
      changeSeq,
    );
    return row!;
  }

  /** Locks a request for its triage; it must still be New unless this is the same decision sent again. */
  async function openRequest(tx: Tx, id: string, decision: RequestStatus, actorId: string) {
    const [row] = await tx
      .select()
      .from(workRequests)
      .where(and(eq(workRequests.id, id), eq(workRequests.kind, 'repair')))
      .for('update');
    if (!row) throw notFound('Request not found');
    if (row.status === 'New') return { row, replay: false };
    if (row.status === decision && row.triagedBy === actorId) return { row, replay: true };
    throw conflict(`Request ${row.code} was already ${row.status.toLowerCase()}`);
  }

  async function decide(
    tx: Tx,
    row: typeof workRequests.$inferSelect,
    decision: Partial<typeof workRequests.$inferInsert> & { status: RequestStatus },
    context: ChangeContext,
  ) {
    await tx
      .update(workRequests)
      .set({ ...decision, triagedBy: context.userId, triagedAt: new Date() })
      .where(eq(workRequests.id, row.id));
    const changes = Object.entries(decision).map(([field, newValue]) => ({
      field,
      oldValue: field === 'status' ? row.status : null,
      newValue,
    }));
    await writeHistoryRows(tx, { entity: 'request', recordId: row.id, version: 2, changes, context });
  }

  /** Moves the request's photo onto the ticket, which then shows it with its attachments. */
  async function carryPhoto(tx: Tx, row: typeof workRequests.$inferSelect, ticketId: string) {
    if (row.photoId) await tx.update(files).set({ ticketId }).where(eq(files.id, row.photoId));
  }

  const byId = async (id: string) => (await readList(eq(workRequests.id, id)))[0]!;

  return {
    /** Stores a request once per `_id`: the same request sent again answers the code it got. */
    create(input: RequestCreate): Promise<RequestReceipt & { created: boolean }> {
      return database.write(async (tx, changeSeq) => {
        const [earlier] = await tx
          .select({ code: workRequests.code, status: workRequests.status, kind: workRequests.kind })
          .from(workRequests)
          .where(eq(workRequests.id, input._id));
        if (earlier) {
          if (earlier.kind !== input.kind) throw conflict('A request with this _id was already sent');
          return { code: earlier.code, status: earlier.status, created: false };
        }
        if (input.photo) await assertLoosePhoto(tx, input.photo);
        const receipt =
          input.kind === 'hazard' ? await reportHazard(tx, changeSeq, input) : await fileRequest(tx, changeSeq, input);
        return { ...receipt, created: true };
      });
    },

    async status(code: string): Promise<RequestStatusAnswer> {
      const [row] = await db
        .select({
          code: workRequests.code,
          status: workRequests.status,
          reason: workRequests.reason,
          ticketNumber: tickets.ticketNumber,
          ticketStatus: tickets.status,
        })
        .from(workRequests)
        .leftJoin(tickets, eq(tickets.id, workRequests.ticketId))
        .where(eq(workRequests.code, code));
      if (!row) throw notFound('No request has this tracking code');
      return {
        code: row.code,
        status: row.status,
        ...(row.ticketNumber && row.ticketStatus
          ? { ticket: { ticketNumber: row.ticketNumber, status: row.ticketStatus } }
          : {}),
        ...(row.status === 'Rejected' && row.reason ? { reason: row.reason } : {}),
      };
    },

    machines(): Promise<RequestMachine[]> {
      return db.select(machineColumns).from(machines).where(isNull(machines.deletedAt)).orderBy(asc(machines.name));
    },

    list: (status: 'open' | 'all') => readList(status === 'open' ? eq(workRequests.status, 'New') : undefined),

    /** Opens a ticket from the request: its text, place, requester and photo go with it. */
    async accept(id: string, input: RequestAccept, context: ChangeContext): Promise<WorkRequest> {
      await database.write(async (tx, changeSeq) => {
        const { row, replay } = await openRequest(tx, id, 'Accepted', context.userId);
        if (replay) return;
        const machine = input.machine ?? row.machineId;
        if (!machine) throw badRequest('Choose the machine the ticket is for');
        await assertReferences(tx, { machine });
        const requester = [row.name, row.contact].filter(Boolean).join(', ');
        const description = [
          row.description,
          row.location && `Where: ${row.location}`,
          `Urgency: ${row.urgency}`,
          `Request ${row.code}${requester ? ` from ${requester}` : ''}`,
        ]
          .filter(Boolean)
          .join('\n');
        const { id: ticketId } = await records.tickets.createIn(
          tx,
          changeSeq,
          { title: input.title, description, machine, priority: input.priority, category: input.category },
          context,
        );
        await tx.update(tickets).set({ requestId: row.id }).where(eq(tickets.id, ticketId));
        await carryPhoto(tx, row, ticketId);
        await decide(tx, row, { status: 'Accepted', ticketId }, context);
      });
      return byId(id);
    },

    /** Adds the request to a ticket already open for the same problem: a comment, and its photo. */
    async merge(id: string, ticketId: string, context: ChangeContext): Promise<WorkRequest> {
      await database.write(async (tx, changeSeq) => {
        const { row, replay } = await openRequest(tx, id, 'Merged', context.userId);
        if (replay) return;
        const comment = `Request ${row.code} merged into this ticket: ${row.description ?? ''}`;
        await records.tickets.commentIn(tx, changeSeq, ticketId, { comment }, context);
        await carryPhoto(tx, row, ticketId);
        await decide(tx, row, { status: 'Merged', ticketId }, context);
      });
      return byId(id);
    },

    async reject(id: string, reason: string, context: ChangeContext): Promise<WorkRequest> {
      await database.write(async (tx) => {
        const { row, replay } = await openRequest(tx, id, 'Rejected', context.userId);
        if (!replay) await decide(tx, row, { status: 'Rejected', reason }, context);
      });
      return byId(id);
    },
  };
}

export type RequestRepository = ReturnType<typeof createRequestRepository>;
