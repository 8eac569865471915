import { beforeAll, describe, expect, it } from 'vitest';
import { incident } from '#shared/schemas/incident.ts';
import { schedule } from '#shared/schemas/schedule.ts';
import { addMachine, useTeamApp } from './helpers/app.ts';
import { errorMessage, idOf } from './helpers/json.ts';

/** Every instant a client sends is checked in UTC, where it is stored: out of range is 400, never a 5xx. */
const t = useTeamApp();
// Year 9999 as written, 10000-01-01T00:00:00Z once in UTC.
const pastYear9999 = '9999-12-31T23:00:00-01:00';
const rule = 'must be an ISO date-time between 1970-01-01 and 9999-12-31 (UTC)';

let machine: string;
let ticketId: string;
let incidentId: string;
let scheduleId: string;

const incidentInput = (incidentDate: string) => ({
  title: 'Splash at the launder',
  description: 'Metal hit the walkway',
  location: 'Casthouse',
  department: 'Casting',
  incidentDate,
});
const scheduleInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Lubricate the crane',
  machine,
  scheduledDate: '2026-12-01T06:00:00Z',
  ...overrides,
});

beforeAll(async () => {
  machine = await addMachine(t);
  const headers = t.team.admin.headers;
  ticketId = idOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers,
      payload: { title: 'Hydraulic leak', description: 'Under the press', machine },
    }),
  );
  incidentId = idOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers,
      payload: incidentInput('2026-02-11T09:15:00Z'),
    }),
  );
  scheduleId = idOf(await t.app.inject({ method: 'POST', url: '/api/maintenance', headers, payload: scheduleInput() }));
});

const query = `from=${encodeURIComponent(pastYear9999)}`;
const outOfRange = () =>
  [
    {
      what: 'X-Client-Time on an update',
      method: 'PUT',
      url: `/api/tickets/${ticketId}`,
      headers: { 'x-client-time': pastYear9999 },
      payload: { priority: 'High' },
      message: `X-Client-Time ${rule}`,
    },
    {
      what: 'incidentDate of a report',
      method: 'POST',
      url: '/api/incidents',
      payload: incidentInput(pastYear9999),
      message: `incidentDate: Incident date ${rule}`,
    },
    {
      what: 'incidentDate of an update, an hour before 1970 in UTC',
      method: 'PUT',
      url: `/api/incidents/${incidentId}`,
      payload: { incidentDate: '1970-01-01T00:30:00+01:00' },
      message: `incidentDate: Incident date ${rule}`,
    },
    {
      what: 'scheduledDate of a new schedule',
      method: 'POST',
      url: '/api/maintenance',
      payload: scheduleInput({ scheduledDate: pastYear9999 }),
      message: `scheduledDate: Scheduled date ${rule}`,
    },
    {
      what: 'scheduledDate of an update',
      method: 'PUT',
      url: `/api/maintenance/${scheduleId}`,
      payload: { scheduledDate: pastYear9999 },
      message: `scheduledDate: Scheduled date ${rule}`,
    },
    {
      what: 'seriesStart of a next occurrence',
      method: 'POST',
      url: '/api/maintenance',
      payload: scheduleInput({ seriesStart: pastYear9999 }),
      message: `seriesStart: Series start ${rule}`,
    },
    {
      what: 'readAt of a meter reading',
      method: 'POST',
      url: `/api/machines/${machine}/readings`,
      payload: { _id: crypto.randomUUID(), hours: 10, readAt: pastYear9999 },
      message: `readAt: Reading time ${rule}`,
    },
    { what: 'from of the maintenance list', method: 'GET', url: `/api/maintenance?${query}` },
    {
      what: 'to of the maintenance list',
      method: 'GET',
      url: `/api/maintenance?to=${encodeURIComponent(pastYear9999)}`,
    },
    { what: 'from of the maintenance export', method: 'GET', url: `/api/maintenance/export?${query}` },
  ] as const;

describe('instants outside the years 1970 to 9999 in UTC', () => {
  it('answers 400 { message } naming the field and the range, on every route that takes one', async () => {
    for (const request of outOfRange()) {
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...t.team.admin.headers, ...('headers' in request ? request.headers : {}) },
        ...('payload' in request ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, `${request.what}: ${response.body}`).toBe(400);
      expect(response.headers['content-type'], request.what).toMatch(/^application\/json/);
      const field = /[?&](\w+)=/.exec(request.url)?.[1];
      const message = 'message' in request ? request.message : `querystring ${field}: ${field} ${rule}`;
      expect(errorMessage(response), request.what).toBe(message);
    }
  });

  it('takes the first and the last millisecond of the range, whatever the offset', async () => {
    for (const [sent, stored] of [
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['9999-12-31T22:59:59.999-01:00', '9999-12-31T23:59:59.999Z'],
      ['1970-01-01T01:00:00+01:00', '1970-01-01T00:00:00.000Z'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: t.team.operator.headers,
        payload: incidentInput(sent!),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(incident.parse(response.json()).incidentDate).toBe(stored);
    }
  });

  it('answers 400 when the next occurrence of a repeating schedule would fall after 9999', async () => {
    const repeating = await t.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: t.team.admin.headers,
      payload: scheduleInput({ scheduledDate: '9999-12-15T06:00:00Z', recurrence: { every: 1, unit: 'month' } }),
    });
    const id = idOf(repeating);
    const completed = await t.app.inject({
      method: 'PUT',
      url: `/api/maintenance/${id}`,
      headers: t.team.admin.headers,
      payload: { status: 'Completed' },
    });
    expect(completed.statusCode, completed.body).toBe(400);
    expect(completed.json()).toEqual({ message: 'A date is out of range' });
    const stored = await t.app.inject({ url: `/api/maintenance/${id}`, headers: t.team.admin.headers });
    expect(schedule.parse(stored.json()).status).toBe('Scheduled');
  });
});
