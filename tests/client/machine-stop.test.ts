import { describe, expect, it } from 'vitest';
import { machineStatusChange } from '#client/features/machines/machine-changes.ts';
import { downFirst, durationText, type LocalMachine } from '#client/features/machines/machine-list.ts';
import { withLocalStop } from '#client/features/machines/use-downtime.ts';
import type { DowntimeEvent } from '#shared/schemas/downtime.ts';
import type { Machine } from '#shared/schemas/machine.ts';

const user = { _id: crypto.randomUUID(), name: 'Tomás Herrera' };
const leak = { category: 'Hydraulic' as const, detail: 'Leak', note: 'Oil under stand 2' };
const since = '2026-11-25T08:00:00.000Z';
const now = Date.parse('2026-11-25T10:15:00.000Z');

const machine = (fields: Partial<Machine>) =>
  ({
    _id: crypto.randomUUID(),
    name: 'Coiler C-1',
    machineId: 'RM-C-01',
    status: 'Running',
    stop: null,
    ...fields,
  }) as LocalMachine;

const previewOf = (change: ReturnType<typeof machineStatusChange>) =>
  change.preview as Pick<Machine, 'status' | 'stop'>;

describe('a stop on the device', () => {
  it("shows the stop a status change makes, as the server will derive it, on the machine's record at once", () => {
    const stopped = previewOf(machineStatusChange(user, machine({}), 'Down', { reason: leak }));
    expect(stopped.stop).toMatchObject({ reason: leak, ticket: null });
    const down = machine({ status: 'Down', stop: { since, reason: leak, ticket: null } });
    const ticket = crypto.randomUUID();
    expect(previewOf(machineStatusChange(user, down, 'Maintenance', { ticket })).stop).toEqual({
      since,
      reason: leak,
      ticket,
    });
    expect(previewOf(machineStatusChange(user, down, 'Running')).stop).toBeNull();
  });

  it("adds a stop saved here to the server's list, once, and ends one ended here", () => {
    const down = machine({ status: 'Down', stop: { since, reason: leak, ticket: null } });
    const [local] = withLocalStop([], down, now);
    expect(local).toMatchObject({
      status: 'Down',
      startedAt: since,
      endedAt: null,
      durationMinutes: 135,
      reason: leak,
    });
    const served: DowntimeEvent = { ...local!, _id: crypto.randomUUID(), durationMinutes: 3, ticket: null };
    expect(withLocalStop([served], down, now)).toEqual([{ ...served, durationMinutes: 135 }]);
    const [ended] = withLocalStop([served], machine({ status: 'Running' }), now);
    expect(ended).toMatchObject({ endedAt: new Date(now).toISOString(), durationMinutes: 135 });
  });

  it('lists Down machines first and says how long in hours and minutes', () => {
    const statuses = downFirst([
      machine({ name: 'A', status: 'Running' }),
      machine({ name: 'B', status: 'Down' }),
      machine({ name: 'C', status: 'Maintenance' }),
      machine({ name: 'D', status: 'Down' }),
    ]).map((item) => item.name);
    expect(statuses).toEqual(['B', 'D', 'A', 'C']);
    expect([durationText(0), durationText(45), durationText(135), durationText(1500)]).toEqual([
      '0 min',
      '45 min',
      '2 h 15 min',
      '1 d 1 h',
    ]);
  });
});
