import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMachine, useTeamApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { idOf } from './helpers/json.ts';

/**
 * A comment or file `_id` is a replay only under the ticket or incident it was first sent to: the
 * same id under another parent is a clash (409), never a 200 with a record that lacks the item.
 */
const t = useTeamApp();
let ticketA: string;
let ticketB: string;
let incident: string;

async function createTicket(machine: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: t.team.operator.headers,
    payload: { title: 'Worn belt', description: 'Conveyor 2', machine },
  });
  return idOf(response);
}

beforeAll(async () => {
  const machineId = await addMachine(t);
  ticketA = await createTicket(machineId);
  ticketB = await createTicket(machineId);
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: t.team.operator.headers,
    payload: {
      title: 'Slip',
      description: 'Oil on floor',
      location: 'Hall 2',
      department: 'Maintenance',
      incidentDate: new Date().toISOString(),
    },
  });
  incident = idOf(reported);
});

const comment = (ticket: string, _id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticket}/comments`,
    headers: t.team.operator.headers,
    payload: { _id, comment: 'Belt replaced' },
  });

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

function sendFile(url: string, _id: string) {
  const { payload, contentType } = multipart([
    { name: '_id', value: _id },
    { name: 'file', filename: 'belt.png', type: 'image/png', data: png },
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.team.operator.headers, 'content-type': contentType },
    payload,
  });
}

const attach = (kind: 'tickets' | 'incidents', id: string, fileId: string) =>
  sendFile(`/api/${kind}/${id}/attachments`, fileId);
const upload = (fileId: string) => sendFile('/api/upload/single', fileId);

async function read(kind: 'tickets' | 'incidents', id: string) {
  const response = await t.app.inject({ url: `/api/${kind}/${id}`, headers: t.team.operator.headers });
  return response.json<{ comments?: unknown[]; attachments: unknown[] }>();
}

describe('client ids of comments and attachments', () => {
  it('answers 409 for a comment _id sent again under another ticket, and still replays under its own', async () => {
    const _id = randomUUID();
    expect((await comment(ticketA, _id)).statusCode).toBe(201);
    const clash = await comment(ticketB, _id);
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toEqual({ message: 'A comment with this _id belongs to another ticket' });
    expect((await read('tickets', ticketB)).comments).toEqual([]);
    expect((await comment(ticketA, _id)).statusCode).toBe(200);
  });

  it('answers 409 for an attachment _id sent again under another ticket or an incident', async () => {
    const _id = randomUUID();
    expect((await attach('tickets', ticketA, _id)).statusCode).toBe(201);
    for (const [kind, id] of [
      ['tickets', ticketB],
      ['incidents', incident],
    ] as const) {
      const clash = await attach(kind, id, _id);
      expect(clash.statusCode, clash.body).toBe(409);
      expect(clash.json()).toEqual({ message: 'A file with this _id is already attached to a ticket' });
      expect((await read(kind, id)).attachments).toEqual([]);
    }
    expect((await attach('tickets', ticketA, _id)).statusCode).toBe(200);
  });

  it('answers 409 for an uploaded file attached afterwards, and an attached file uploaded again', async () => {
    const uploaded = randomUUID();
    expect((await upload(uploaded)).statusCode).toBe(201);
    const attached = await attach('incidents', incident, uploaded);
    expect(attached.statusCode, attached.body).toBe(409);
    expect(attached.json()).toEqual({ message: 'A file with this _id was already uploaded on its own' });
    expect((await read('incidents', incident)).attachments).toEqual([]);

    const onIncident = randomUUID();
    expect((await attach('incidents', incident, onIncident)).statusCode).toBe(201);
    const again = await upload(onIncident);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ message: 'A file with this _id is already attached to an incident' });
    expect((await upload(uploaded)).statusCode).toBe(200);
  });
});
