import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { incident, incidentPage } from '#shared/schemas/incident.ts';
import { ticket, ticketPage, type Ticket } from '#shared/schemas/ticket.ts';
import { machineInput, useTeamApp } from './helpers/app.ts';
import { idOf } from './helpers/json.ts';

const t = useTeamApp();
let machineId: string;
const tickets: Record<string, Ticket> = {};

async function createTicket(title: string, description: string): Promise<Ticket> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: t.team.operator.headers,
    payload: { title, description, machine: machineId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ticket.parse(response.json());
}

async function found(search: string): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/tickets?limit=100&search=${encodeURIComponent(search)}`,
    headers: t.team.operator.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ticketPage.parse(response.json()).tickets.map((record) => record.title);
}

beforeAll(async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers: t.team.admin.headers,
    payload: machineInput(),
  });
  machineId = idOf(response);
  for (const [title, description] of [
    ['Hydraulic leak on the coiler', 'Oil under the mandrel'],
    ['Überhitzung am Walzgerüst', 'Lager läuft heiß'],
    ['Pump-3 bearing noise', 'Grinding since the night shift, 100%_sure'],
    ['Coil car stuck', 'Hydraulics reset twice'],
    ['Fan alarm at 135 °C – panel 20–30 s', 'Tension ±8 % at line speed'],
  ] as const) {
    tickets[title] = await createTicket(title, description);
  }
});

describe('the list search (src/shared/search-words.ts)', () => {
  it('matches each query word against the start of a word of number, title or description', async () => {
    expect(await found('hydr')).toEqual(['Coil car stuck', 'Hydraulic leak on the coiler']);
    expect(await found('draulic')).toEqual([]);
    expect(await found('COIL leak')).toEqual(['Hydraulic leak on the coiler']);
    expect(await found('leak pump')).toEqual([]);
    expect(await found('pump 3')).toEqual(['Pump-3 bearing noise']);
    expect(await found('100 SURE')).toEqual(['Pump-3 bearing noise']);
    expect(await found('  ')).toHaveLength(5);
  });

  it('finds a number by its parts and without its leading zeros', async () => {
    const target = tickets['Coil car stuck']!;
    const digits = target.ticketNumber.slice(4);
    expect(await found(target.ticketNumber)).toEqual(['Coil car stuck']);
    expect(await found(`tkt ${digits}`)).toEqual(['Coil car stuck']);
    expect(await found(String(Number(digits)))).toEqual(['Coil car stuck']);
    expect(await found('tkt')).toHaveLength(5);
  });

  it('treats letters of every script alike, whatever their case', async () => {
    expect(await found('überh')).toEqual(['Überhitzung am Walzgerüst']);
    expect(await found('WALZGERÜST heiß')).toEqual(['Überhitzung am Walzgerüst']);
    expect(await found('ÜBERHITZUNG')).toEqual(['Überhitzung am Walzgerüst']);
  });

  it('follows an edited title', async () => {
    const { _id } = tickets['Coil car stuck']!;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${_id}`,
      headers: t.team.admin.headers,
      payload: { title: 'Transfer car jammed' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await found('coil car')).toEqual([]);
    expect(await found('jam transf')).toEqual(['Transfer car jammed']);
  });

  it('approximates the words of rows written by SQL alone (ASCII and common Unicode punctuation split them)', async () => {
    const fan = 'Fan alarm at 135 °C – panel 20–30 s';
    expect(await found('30 c 8')).toEqual([fan]);
    await t.database.db.execute(sql`update tickets set search_words = null`);
    expect(await found('pump 3 bear')).toEqual(['Pump-3 bearing noise']);
    expect(await found('draulic')).toEqual([]);
    expect(await found('30 c 8')).toEqual([fan]);
    expect(await found('135 panel 20 tension')).toEqual([fan]);
  });

  it('searches an incident by number, title, description and location', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: t.team.safety.headers,
      payload: {
        title: 'Forklift near miss',
        description: 'Pedestrian crossed the aisle',
        location: 'Casthouse bay 4',
        department: 'Casting',
        incidentDate: new Date().toISOString(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = incident.parse(response.json());
    for (const search of ['casth BAY 4', 'pedestr', String(Number(created.incidentNumber.slice(4))), 'inc fork']) {
      const list = await t.app.inject({
        url: `/api/incidents?search=${encodeURIComponent(search)}`,
        headers: t.team.safety.headers,
      });
      expect(
        incidentPage.parse(list.json()).incidents.map((record) => record._id),
        search,
      ).toEqual([created._id]);
    }
  });
});
