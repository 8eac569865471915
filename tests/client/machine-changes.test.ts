import { describe, expect, it } from 'vitest';
import { machineCreate, type Machine } from '#shared/schemas/machine.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import {
  createMachineChange,
  machineEditChange,
  machineStatusChange,
} from '#client/features/machines/machine-changes.ts';
import {
  changedMachineFields,
  formFromMachine,
  machineInput as formInput,
} from '#client/features/machines/machine-form.ts';
import { filterMachines, noMachineFilters } from '#client/features/machines/machine-list.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import { stopTicketInput } from '#client/features/machines/stop-ticket.ts';
import type { DowntimeEvent } from '#shared/schemas/downtime.ts';
import { useLiveDevice } from './helpers/device.ts';

const hydraulicLeak = { category: 'Hydraulic' as const, detail: 'Leak', note: null };

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;

function machineInput(machineId: string, overrides: Record<string, unknown> = {}) {
  return machineCreate.parse({
    name: 'Edge Trimmer ET-2',
    machineId,
    department: 'Rolling Mill',
    location: 'Cold Mill Exit',
    model: 'ET 1800',
    manufacturer: 'Primetals',
    installationDate: '2025-11-03',
    specifications: { capacity: '1,800 mm strip', power: '', dimensions: '', weight: '' },
    ...overrides,
  });
}

async function serverMachine(id: string): Promise<Machine> {
  return (await device.adminGet(`/api/machines/${id}`)).json();
}

describe('machine changes of the Machines screen', () => {
  it('shows a new machine as the server stores it, and sends it and a status change once', async () => {
    device.network.isDown = true;
    const code = `RM-ET-${crypto.randomUUID().slice(0, 6)}`;
    const create = createMachineChange(user(), machineInput(code));
    expect(create.label).toBe(`New machine: Edge Trimmer ET-2 (${code})`);
    await queueChange(device.db, create);
    const draft = (await device.db.machines.get(create.recordId))!;
    expect(draft).toMatchObject({ status: 'Running', operatingHours: 0, _server: null, _pending: 1 });

    const status = machineStatusChange(user(), draft, 'Maintenance');
    expect(status).toMatchObject({
      method: 'PATCH',
      url: `/machines/${create.recordId}/status`,
      body: { status: 'Maintenance' },
      label: `Status -> Maintenance on Edge Trimmer ET-2 (${code})`,
    });
    await queueChange(device.db, status);
    expect(await device.db.machines.get(create.recordId)).toMatchObject({ status: 'Maintenance', _pending: 2 });

    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    const stored = await serverMachine(create.recordId);
    const { version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = stored;
    const {
      version: _v,
      createdAt: _c,
      updatedAt: _u,
      _server,
      _pending,
      ...shown
    } = (await device.db.machines.get(create.recordId))!;
    expect(shown).toEqual(fields);
    expect(_pending).toBe(0);
    expect(stored.status).toBe('Maintenance');
    const listed = await device.adminGet(`/api/machines?search=${code}`);
    expect(listed.json()).toHaveLength(1);
  });

  it('sends a stop made offline with its reason and ticket once, even when its answer is lost', async () => {
    const code = `RM-DT-${crypto.randomUUID().slice(0, 6)}`;
    const created = (
      await device.server.t.app.inject({
        method: 'POST',
        url: '/api/machines',
        headers: device.admin.headers,
        payload: machineInput(code),
      })
    ).json<Machine>();
    device.network.isDown = true;
    const ticket = createTicketChange(user(), created, stopTicketInput(created, 'Down', hydraulicLeak));
    await queueChange(device.db, ticket);
    const stop = machineStatusChange(user(), created, 'Down', { reason: hydraulicLeak, ticket: ticket.recordId });
    expect(stop.label).toBe(`Status -> Down (Hydraulic: Leak) on Edge Trimmer ET-2 (${code})`);
    await queueChange(device.db, stop);

    // Answers lost after the server applied the change: the ticket, then the machine's return to Running.
    device.network.isDown = false;
    device.network.loseNextResponses = 1;
    const replay = replayer();
    await replay.run();
    await replay.retryNow();
    await queueChange(device.db, machineStatusChange(user(), created, 'Running'));
    device.network.loseNextResponses = 1;
    await replay.run();
    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    const events = (await device.adminGet(`/api/machines/${created._id}/downtime`)).json<DowntimeEvent[]>();
    expect(events).toHaveLength(1);
    expect(events[0]!.endedAt).not.toBeNull();
    const changes = device.network.sent.filter((request) => request.url.endsWith(`/machines/${created._id}/status`));
    expect(changes).toHaveLength(3);
    expect(events[0]).toMatchObject({ status: 'Down', reason: hydraulicLeak, ticket: { _id: ticket.recordId } });
  });

  it('leaves a machine ID the server refuses in the queue with its message', async () => {
    const code = `RM-DUP-${crypto.randomUUID().slice(0, 6)}`;
    await queueChange(device.db, createMachineChange(user(), machineInput(code)));
    await replayer().run();
    const duplicate = createMachineChange(user(), machineInput(code, { name: 'Second trimmer' }));
    await queueChange(device.db, duplicate);
    await replayer().run();
    expect(await device.db.outbox.get({ id: duplicate.id! })).toMatchObject({
      state: 'failed',
      error: `Machine ID ${code} is already in use`,
    });
  });
});

describe('editing a machine', () => {
  it('sends only the changed fields, the specifications whole, and nothing when nothing changed', async () => {
    const code = `RM-ED-${crypto.randomUUID().slice(0, 6)}`;
    const create = createMachineChange(user(), machineInput(code));
    await queueChange(device.db, create);
    await replayer().run();
    const machine = await serverMachine(create.recordId);
    const initial = formFromMachine(machine);
    const edited = { ...initial, location: 'Finishing Hall', power: '450 kW' };
    const changes = changedMachineFields(initial, edited, machineCreate.parse(formInput(edited)));
    expect(changes).toEqual({
      location: 'Finishing Hall',
      specifications: { ...machine.specifications, power: '450 kW' },
    });
    expect(changedMachineFields(initial, initial, machineCreate.parse(formInput(initial)))).toEqual({});

    const edit = machineEditChange(user(), machine, changes);
    expect(edit).toMatchObject({
      method: 'PUT',
      url: `/machines/${machine._id}`,
      body: changes,
      label: `Edit on Edge Trimmer ET-2 (${code})`,
    });
    await queueChange(device.db, edit);
    expect(await device.db.machines.get(machine._id)).toMatchObject({ location: 'Finishing Hall', _pending: 1 });
    await replayer().run();
    const { version, updatedAt: _after, ...stored } = await serverMachine(machine._id);
    const { version: before, updatedAt: _before, ...unchanged } = machine;
    expect(version).toBe(before + 1);
    expect(stored).toEqual({ ...unchanged, ...changes });
  });
});

describe('the machine filters', () => {
  const machines = [
    machineInput('SM-PTM-01', { name: 'Pot Tending Machine', location: 'Potroom A', manufacturer: 'Fives ECL' }),
    machineInput('CA-HF-02', {
      name: 'Holding Furnace',
      department: 'Casting',
      model: 'HF 40',
      location: 'Cast House',
    }),
  ].map((input): Machine => ({
    ...input,
    _id: crypto.randomUUID(),
    version: 1,
    createdAt: '',
    updatedAt: '',
    stop: null,
  }));
  const names = (filters: Partial<typeof noMachineFilters>) =>
    filterMachines(machines, { ...noMachineFilters, ...filters }).map((machine) => machine.name);

  it('searches name, ID, location, model and manufacturer case-insensitively and matches every filter set', () => {
    expect(names({})).toEqual(['Pot Tending Machine', 'Holding Furnace']);
    expect(names({ search: 'sm-ptm' })).toEqual(['Pot Tending Machine']);
    expect(names({ search: 'CAST HOUSE' })).toEqual(['Holding Furnace']);
    expect(names({ search: 'hf 40' })).toEqual(['Holding Furnace']);
    expect(names({ search: 'fives' })).toEqual(['Pot Tending Machine']);
    expect(names({ department: 'Casting', search: 'pot' })).toEqual([]);
    expect(names({ status: 'Running', location: 'Potroom A' })).toEqual(['Pot Tending Machine']);
    expect(names({ manufacturer: 'Primetals' })).toEqual(['Holding Furnace']);
  });
});
