import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { historyEntry } from '#shared/schemas/common.ts';
import { addMachine, machineInput, useTeamApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { idOf } from './helpers/json.ts';

/** `X-Client-Time` is validated on every kind of write: never stored as nonsense, never a 5xx. */
const t = useTeamApp();
let machineId: string;
let ticketId: string;

beforeAll(async () => {
  machineId = await addMachine(t);
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: t.team.admin.headers,
    payload: { title: 'Hydraulic leak', description: 'Under the press', machine: machineId },
  });
  ticketId = idOf(ticket);
});

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const writes = () => {
  const upload = multipart([{ name: 'file', filename: 'leak.png', type: 'image/png', data: png }]);
  return [
    { kind: 'create', method: 'POST', url: '/api/machines', payload: machineInput() },
    { kind: 'full update', method: 'PUT', url: `/api/tickets/${ticketId}`, payload: { priority: 'High' } },
    { kind: 'partial update', method: 'PATCH', url: `/api/machines/${machineId}/status`, payload: { status: 'Idle' } },
    { kind: 'comment', method: 'POST', url: `/api/tickets/${ticketId}/comments`, payload: { comment: 'Seal ordered' } },
    { kind: 'attachment', method: 'POST', url: `/api/tickets/${ticketId}/attachments`, ...upload },
    { kind: 'upload', method: 'POST', url: '/api/upload/single', ...upload },
  ] as const;
};

const badTimes = [
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '99999-01-01',
  '0000-01-01T00:00:00Z',
  '1',
  'yesterday',
  '2026-02-30T08:00:00Z',
  '2026-11-20 08:00',
  '2026-11-20T08:00:00',
];

describe('X-Client-Time', () => {
  it.each(badTimes)('answers 400 for %s on every write route', async (clientTime) => {
    for (const write of writes()) {
      const response = await t.app.inject({
        method: write.method,
        url: write.url,
        headers: {
          ...t.team.admin.headers,
          'x-client-time': clientTime,
          ...('contentType' in write ? { 'content-type': write.contentType } : {}),
        },
        payload: write.payload,
      });
      expect(response.statusCode, `${write.kind}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        message: 'X-Client-Time must be an ISO date-time between 1970-01-01 and 9999-12-31 (UTC)',
      });
    }
  });

  it('keeps a valid time with an offset in the history', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticketId}`,
      headers: { ...t.team.admin.headers, 'x-client-time': '2026-11-20T08:00:00.123+02:00' },
      payload: { priority: 'Critical' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const history = z
      .array(historyEntry)
      .parse((await t.app.inject({ url: `/api/tickets/${ticketId}/history`, headers: t.team.admin.headers })).json());
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'priority', clientTime: '2026-11-20T06:00:00.123Z' }),
    );
  });
});
