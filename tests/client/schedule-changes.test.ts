import { beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '#shared/schemas/schedule.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { monthWeeks } from '#client/features/maintenance/calendar-month.ts';
import {
  checklistChange,
  createScheduleChange,
  scheduleEditChange,
  scheduleStatusChange,
} from '#client/features/maintenance/schedule-changes.ts';
import {
  changedScheduleFields,
  emptyScheduleForm,
  formFromSchedule,
  newChecklistRow,
  validateScheduleForm,
  type ScheduleForm,
} from '#client/features/maintenance/schedule-form.ts';
import { filterSchedules, noScheduleFilters } from '#client/features/maintenance/schedule-list.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;
let machine: { _id: string; name: string };

beforeAll(async () => {
  machine = await device.server.createMachine(device.admin);
});

async function serverSchedule(id: string): Promise<Schedule> {
  return (await device.adminGet(`/api/maintenance/${id}`)).json();
}

function form(overrides: Partial<ScheduleForm> = {}): ScheduleForm {
  const rows = ['Drain the sump', 'Replace impeller', '  '].map((task) => ({ ...newChecklistRow(), task }));
  return {
    ...emptyScheduleForm,
    title: 'Pit pump overhaul',
    machine: machine._id,
    scheduledDate: '2030-03-04T07:00',
    estimatedDuration: '2.5',
    assignedTo: device.admin._id,
    checklist: rows,
    ...overrides,
  };
}

describe('schedule changes of the Preventive Maintenance screen', () => {
  it('creates, ticks, notes, edits and changes status offline, then reaches the server exactly once', async () => {
    device.network.isDown = true;
    const { input } = validateScheduleForm(form());
    expect(input).toMatchObject({ scheduledDate: new Date('2030-03-04T07:00').toISOString(), estimatedDuration: 2.5 });
    expect(input!.checklist.map((item) => item.task)).toEqual(['Drain the sump', 'Replace impeller']);
    const assignee = { _id: device.admin._id, name: device.admin.name };
    const create = createScheduleChange(user(), input!, { machine, assignee });
    await queueChange(device.db, create);
    const draft = (await device.db.schedules.get(create.recordId))!;
    expect(draft).toMatchObject({
      status: 'Scheduled',
      priority: 'Medium',
      machine: { _id: machine._id, name: machine.name },
      assignedTo: assignee,
      completedAt: null,
      _server: null,
      _pending: 1,
    });
    const [drain, impeller] = draft.checklist;

    await queueChange(device.db, checklistChange(user(), draft, drain!, { completed: true }));
    await queueChange(device.db, checklistChange(user(), draft, impeller!, { notes: 'Seal kit 4411 fitted' }));
    await queueChange(device.db, scheduleStatusChange(user(), draft, 'In Progress'));
    const opened = formFromSchedule((await device.db.schedules.get(create.recordId))!);
    const edited = { ...opened, title: 'Pit pump overhaul (B)', estimatedDuration: '3' };
    const changes = changedScheduleFields(opened, edited, validateScheduleForm(edited).input!);
    expect(changes).toEqual({ title: 'Pit pump overhaul (B)', estimatedDuration: 3 });
    await queueChange(device.db, scheduleEditChange(user(), draft, changes));

    const local = (await device.db.schedules.get(create.recordId))!;
    expect(local).toMatchObject({
      title: 'Pit pump overhaul (B)',
      status: 'In Progress',
      estimatedDuration: 3,
      _pending: 5,
    });
    expect(local.checklist).toEqual([
      { ...drain, completed: true },
      { ...impeller, notes: 'Seal kit 4411 fitted' },
    ]);
    expect(device.network.sent).toEqual([]);

    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverSchedule(create.recordId)).toMatchObject({
      title: 'Pit pump overhaul (B)',
      status: 'In Progress',
      estimatedDuration: 3,
      assignedTo: { _id: device.admin._id },
      checklist: [
        { _id: drain!._id, task: 'Drain the sump', completed: true, notes: '' },
        { _id: impeller!._id, task: 'Replace impeller', completed: false, notes: 'Seal kit 4411 fitted' },
      ],
    });
    expect(
      device.network.sent.map((request) => `${request.method} ${request.url.replace(device.server.baseUrl, '')}`),
    ).toEqual([
      'POST /maintenance',
      `PATCH /maintenance/${create.recordId}/checklist/${drain!._id}`,
      `PATCH /maintenance/${create.recordId}/checklist/${impeller!._id}`,
      `PUT /maintenance/${create.recordId}`,
      `PUT /maintenance/${create.recordId}`,
    ]);
    expect(JSON.parse(String(device.network.sent[4]!.body))).toEqual({
      title: 'Pit pump overhaul (B)',
      estimatedDuration: 3,
    });
  });

  it('asks for title, machine and date in plain words, and an edit that changes nothing sends nothing', () => {
    expect(validateScheduleForm(emptyScheduleForm).errors).toMatchObject({
      title: 'Title is required',
      scheduledDate: 'Scheduled date is required',
    });
    expect(validateScheduleForm(form({ estimatedDuration: '' })).errors).toEqual({
      estimatedDuration: 'Estimated duration must be a number',
    });
    const opened = form();
    expect(changedScheduleFields(opened, { ...opened }, validateScheduleForm(opened).input!)).toEqual({});
    const unassigned = { ...opened, assignedTo: '' };
    expect(changedScheduleFields(opened, unassigned, validateScheduleForm(unassigned).input!)).toEqual({
      assignedTo: null,
    });
  });
});

describe('the schedules on this device', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const item = (fields: Partial<Schedule>): Schedule =>
    ({
      _id: crypto.randomUUID(),
      title: 'Job',
      status: 'Scheduled',
      priority: 'Low',
      scheduledDate: '2026-11-25T08:00:00.000Z',
      machine: { _id: 'm1', name: 'Saw' },
      assignedTo: { _id: 'u1', name: 'Ana' },
      ...fields,
    }) as Schedule;
  const past = item({ title: 'past', scheduledDate: '2026-11-20T08:00:00.000Z' });
  const ahead = item({ title: 'ahead' });
  const otherMachine = item({
    title: 'other machine',
    scheduledDate: '2026-11-01T08:00:00.000Z',
    machine: { _id: 'm2', name: 'Mill' },
  });
  const done = item({
    title: 'done',
    status: 'Completed',
    scheduledDate: '2026-11-01T08:00:00.000Z',
    priority: 'High',
  });
  const all = [past, ahead, otherMachine, done];
  const titles = (filters: Partial<typeof noScheduleFilters>) =>
    filterSchedules(all, { ...noScheduleFilters, ...filters }, now).map((schedule) => schedule.title);

  it('matches every filter that is set, Overdue as the server reports it', () => {
    expect(titles({})).toEqual(['past', 'ahead', 'other machine', 'done']);
    expect(titles({ status: 'Overdue' })).toEqual(['past', 'other machine']);
    expect(titles({ status: 'Scheduled' })).toEqual(['ahead']);
    expect(titles({ status: 'Overdue', machine: 'm1' })).toEqual(['past']);
    expect(titles({ machine: 'm1', priority: 'High' })).toEqual(['done']);
    expect(titles({ assignee: 'u2' })).toEqual([]);
  });

  it('lays a month out in weeks from Sunday, padded before the 1st and after the last day', () => {
    const weeks = monthWeeks({ year: 2026, month: 1 }); // February 2026 starts on a Sunday: four full weeks
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]!.getDate()).toBe(1);
    const march = monthWeeks({ year: 2026, month: 2 }); // 1 March 2026 is a Sunday, 31 March a Tuesday
    expect(march.at(-1)!.map((day) => day?.getDate() ?? null)).toEqual([29, 30, 31, null, null, null, null]);
    const may = monthWeeks({ year: 2026, month: 4 }); // 1 May 2026 is a Friday
    expect(may[0]!.map((day) => day?.getDate() ?? null)).toEqual([null, null, null, null, null, 1, 2]);
    expect(may).toHaveLength(6);
  });
});
