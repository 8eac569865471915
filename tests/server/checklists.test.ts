import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { failTicketId } from '#shared/checklist.ts';
import { checklistNotAssigned, completeNotAssigned } from '#shared/permissions.ts';
import { schedule, type Schedule } from '#shared/schemas/schedule.ts';
import { ticket } from '#shared/schemas/ticket.ts';
import { type Account, addMachine, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();

function send(account: Account, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { ...account.headers, 'x-change-id': randomUUID() } });
}

async function assignedSchedule(assignee: Account): Promise<Schedule & { machineId: string }> {
  const machineId = await addMachine(t);
  const response = await send(t.team.engineer, 'POST', '/api/maintenance', {
    title: 'Quarterly press inspection',
    machine: machineId,
    scheduledDate: new Date().toISOString(),
    assignedTo: assignee._id,
    checklist: [{ task: 'Check hydraulic hoses' }, { task: 'Test emergency stop' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...schedule.parse(response.json()), machineId };
}

describe('checklists that act', () => {
  it('records Pass, Fail and N/A with the note, and lets the assignee answer but not other operators', async () => {
    const job = await assignedSchedule(t.team.operator);
    const [hoses, stop] = job.checklist;
    const url = (itemId: string) => `/api/maintenance/${job._id}/checklist/${itemId}`;
    const failed = await send(t.team.operator, 'PATCH', url(hoses!._id), {
      result: 'Fail',
      notes: 'Weeping at fitting 3',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(schedule.parse(failed.json()).checklist[0]).toMatchObject({ result: 'Fail', notes: 'Weeping at fitting 3' });
    expect((await send(t.team.engineer, 'PATCH', url(stop!._id), { result: 'N/A' })).statusCode).toBe(200);

    const other = await assignedSchedule(t.team.engineer);
    const refused = await send(
      t.team.operator,
      'PATCH',
      `/api/maintenance/${other._id}/checklist/${other.checklist[0]!._id}`,
      {
        result: 'Pass',
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe(checklistNotAssigned);
    const bad = await send(t.team.operator, 'PATCH', url(stop!._id), { result: 'Maybe' });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toMatch(/Result must be one of: Pass, Fail, N\/A/);

    const history = await send(t.team.operator, 'GET', `/api/maintenance/${job._id}/history`);
    expect(history.json<{ field: string }[]>().map((entry) => entry.field)).toContain(`checklist.${hoses!._id}.result`);
  });

  it('lets an assignee answer items but not rewrite their tasks, which engineers may', async () => {
    const job = await assignedSchedule(t.team.safety);
    const [hoses] = job.checklist;
    const url = `/api/maintenance/${job._id}/checklist/${hoses!._id}`;

    const rewrite = await send(t.team.safety, 'PATCH', url, { task: '(skipped)', result: 'Pass' });
    expect(rewrite.statusCode, rewrite.body).toBe(403);
    expect(errorMessage(rewrite)).toBe(
      'The Safety Officer role may not change the task of a checklist item: answering sets its tick, result and notes; engineers and admins plan its tasks.',
    );
    const stored = schedule.parse((await send(t.team.safety, 'GET', `/api/maintenance/${job._id}`)).json());
    expect(stored.checklist[0]).toMatchObject({ task: 'Check hydraulic hoses', result: null });

    // The task sent unchanged is no change: only fields a request really changes are checked.
    const answered = await send(t.team.safety, 'PATCH', url, {
      task: hoses!.task,
      result: 'Pass',
      notes: 'Hoses dry',
      completed: true,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(schedule.parse(answered.json()).checklist[0]).toMatchObject({
      task: 'Check hydraulic hoses',
      result: 'Pass',
      notes: 'Hoses dry',
      completed: true,
    });

    const replanned = await send(t.team.engineer, 'PATCH', url, { task: 'Check hydraulic hoses and fittings' });
    expect(replanned.statusCode, replanned.body).toBe(200);
    expect(schedule.parse(replanned.json()).checklist[0]!.task).toBe('Check hydraulic hoses and fittings');
  });

  it('raises one ticket from a failed item, however many devices raise it, linked to the schedule and item', async () => {
    const job = await assignedSchedule(t.team.operator);
    const item = job.checklist[0]!;
    const source = { kind: 'schedule', _id: job._id, itemId: item._id };
    const raise = (account: Account) =>
      send(account, 'POST', '/api/tickets', {
        _id: failTicketId(job._id, item._id),
        title: item.task,
        description: 'Weeping at fitting 3',
        machine: job.machineId,
        source,
      });
    const first = await raise(t.team.operator);
    expect(first.statusCode, first.body).toBe(201);
    expect(ticket.parse(first.json())).toMatchObject({ _id: failTicketId(job._id, item._id), source });
    const second = await raise(t.team.engineer);
    expect(second.statusCode, second.body).toBe(200);
    expect(ticket.parse(second.json())._id).toBe(failTicketId(job._id, item._id));

    const unknownItem = await send(t.team.operator, 'POST', '/api/tickets', {
      title: 'x',
      description: 'y',
      machine: job.machineId,
      source: { ...source, itemId: randomUUID() },
    });
    expect(unknownItem.statusCode).toBe(400);
    expect(errorMessage(unknownItem)).toBe('source: checklist item not found');
  });

  it('records who completed a schedule and when, and clears it when reopened', async () => {
    const job = await assignedSchedule(t.team.operator);
    const done = await send(t.team.engineer, 'PUT', `/api/maintenance/${job._id}`, { status: 'Completed' });
    const completed = schedule.parse(done.json());
    expect(completed.completedBy).toEqual({ _id: t.team.engineer._id, name: t.team.engineer.name });
    expect(completed.completedAt).not.toBeNull();
    const reopened = await send(t.team.engineer, 'PUT', `/api/maintenance/${job._id}`, { status: 'In Progress' });
    expect(schedule.parse(reopened.json())).toMatchObject({ completedBy: null, completedAt: null });
  });

  it('lets whoever answers the checklist complete the job, once, and nobody else', async () => {
    const job = await assignedSchedule(t.team.operator);
    const url = `/api/maintenance/${job._id}/complete`;
    const stranger = await send(t.team.safety, 'PATCH', url);
    expect(stranger.statusCode).toBe(403);
    expect(errorMessage(stranger)).toBe(completeNotAssigned);
    expect((await send(t.team.safety, 'GET', `/api/maintenance/${job._id}`)).json()).toMatchObject({
      status: 'Overdue',
    });

    // Unanswered items are the app's warning, not the server's refusal.
    const changeId = randomUUID();
    const complete = () =>
      t.app.inject({ method: 'PATCH', url, headers: { ...t.team.operator.headers, 'x-change-id': changeId } });
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    const completed = schedule.parse(done.json());
    expect(completed).toMatchObject({ status: 'Completed', completedBy: { _id: t.team.operator._id } });
    // A replay after a lost answer, and completing a Completed job, change nothing.
    expect(schedule.parse((await complete()).json()).version).toBe(completed.version);
    const again = await send(t.team.engineer, 'PATCH', url);
    expect(again.statusCode).toBe(200);
    expect(schedule.parse(again.json())).toMatchObject({
      version: completed.version,
      completedBy: { _id: t.team.operator._id },
    });
    const history = await send(t.team.operator, 'GET', `/api/maintenance/${job._id}/history`);
    expect(history.json<{ field: string }[]>().filter((entry) => entry.field === 'status')).toHaveLength(1);
  });

  it('answers a clear message for an unknown or malformed job, and lets engineers complete any', async () => {
    const missing = await send(t.team.engineer, 'PATCH', `/api/maintenance/${randomUUID()}/complete`);
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Schedule not found');
    const malformed = await send(t.team.engineer, 'PATCH', '/api/maintenance/not-an-id/complete');
    expect(malformed.statusCode).toBe(400);
    expect(errorMessage(malformed)).toMatch(/id/);
    const job = await assignedSchedule(t.team.safety);
    const done = await send(t.team.engineer, 'PATCH', `/api/maintenance/${job._id}/complete`);
    expect(schedule.parse(done.json())).toMatchObject({
      status: 'Completed',
      completedBy: { _id: t.team.engineer._id },
    });
  });
});
