import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Role } from '#shared/enums.ts';
import { can, deniedMessage, type Action } from '#shared/permissions.ts';
import { createTestApp, machineInput, registerTeam, registerUser, type Account, type TestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { errorMessage, idOf } from './helpers/json.ts';

/**
 * The whole role table: every write (and the restricted reads) for every role, expected from the
 * shared permission table itself, so the server and the table can never drift apart.
 */
let t: TestApp;
let team: Record<Role, Account>;

beforeAll(async () => {
  t = await createTestApp();
  const { admin, engineer, safety, operator } = await registerTeam(t.app);
  team = { admin, maintenance_engineer: engineer, safety_officer: safety, operator };
});
afterAll(() => t.close());

async function adminCreates(url: string, payload: object): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url, headers: team.admin.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return idOf(response);
}

const newMachine = () => adminCreates('/api/machines', machineInput());
const newTicket = async () =>
  adminCreates('/api/tickets', { title: 'Roll gap drift', description: 'Stand 3', machine: await newMachine() });
const newIncident = () =>
  adminCreates('/api/incidents', {
    title: 'Spill',
    description: 'Coolant on floor',
    location: 'Cold mill',
    department: 'Rolling Mill',
    incidentDate: new Date().toISOString(),
  });
const newSchedule = async () =>
  adminCreates('/api/maintenance', {
    title: 'Lubrication round',
    machine: await newMachine(),
    scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    checklist: [{ task: 'Grease bearings' }],
  });
/** A permit requested by another operator (nobody approves their own) on a machine with one point. */
async function newPermit(steps: ('Approved' | 'Locked' | 'Active' | 'Work Done')[] = []) {
  const requester = await registerUser(t.app, 'operator');
  const pointId = crypto.randomUUID();
  const machine = await adminCreates(
    '/api/machines',
    machineInput({
      isolationPoints: [
        { _id: pointId, kind: 'electrical', location: 'Main breaker', isolate: 'Off', verify: 'Try start' },
      ],
    }),
  );
  const ticket = await adminCreates('/api/tickets', { title: 'Guard', description: 'Loose', machine });
  const send = async (by: Account, method: 'POST' | 'PATCH', url: string, payload: object) => {
    const response = await t.app.inject({ method, url, headers: by.headers, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ _id: string; locks: { _id: string }[] }>();
  };
  const created = await send(requester, 'POST', '/api/permits', { machine, ticket, type: 'general' });
  const url = `/api/permits/${created._id}`;
  let lockId = '';
  for (const step of steps) {
    if (step === 'Locked') {
      const locked = await send(requester, 'POST', `${url}/locks`, {
        _id: crypto.randomUUID(),
        point: pointId,
        lockNumber: '1',
        verified: true,
      });
      lockId = locked.locks[0]!._id;
    } else await send(step === 'Approved' ? team.admin : requester, 'PATCH', url, { status: step });
  }
  return { url, lockId };
}

const png = () =>
  multipart([
    {
      name: 'file',
      filename: 'photo.png',
      type: 'image/png',
      data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
    },
  ]);

interface CaseRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  contentType?: string;
}

interface Case {
  action: Action;
  name: string;
  request(): CaseRequest | Promise<CaseRequest>;
}

const cases: Case[] = [
  {
    action: 'machine:create',
    name: 'POST /machines',
    request: () => ({ method: 'POST', url: '/api/machines', payload: machineInput() }),
  },
  {
    action: 'machine:update',
    name: 'PUT /machines/:id',
    request: async () => ({
      method: 'PUT',
      url: `/api/machines/${await newMachine()}`,
      payload: { location: 'Bay 2' },
    }),
  },
  {
    action: 'machine:status',
    name: 'PATCH /machines/:id/status',
    request: async () => ({
      method: 'PATCH',
      url: `/api/machines/${await newMachine()}/status`,
      payload: { status: 'Down' },
    }),
  },
  {
    action: 'machine:delete',
    name: 'DELETE /machines/:id',
    request: async () => ({ method: 'DELETE', url: `/api/machines/${await newMachine()}` }),
  },
  {
    action: 'ticket:create',
    name: 'POST /tickets',
    request: async () => ({
      method: 'POST',
      url: '/api/tickets',
      payload: { title: 'Noise', description: 'Gearbox', machine: await newMachine() },
    }),
  },
  {
    action: 'ticket:manage',
    name: 'PUT /tickets/:id (status)',
    request: async () => ({
      method: 'PUT',
      url: `/api/tickets/${await newTicket()}`,
      payload: { status: 'In Progress' },
    }),
  },
  {
    action: 'ticket:comment',
    name: 'POST /tickets/:id/comments',
    request: async () => ({
      method: 'POST',
      url: `/api/tickets/${await newTicket()}/comments`,
      payload: { comment: 'On my way' },
    }),
  },
  {
    action: 'file:upload',
    name: 'POST /tickets/:id/attachments',
    request: async () => ({ method: 'POST', url: `/api/tickets/${await newTicket()}/attachments`, ...asUpload() }),
  },
  {
    action: 'file:upload',
    name: 'POST /upload/single',
    request: () => ({ method: 'POST', url: '/api/upload/single', ...asUpload() }),
  },
  {
    action: 'incident:create',
    name: 'POST /incidents',
    request: () => ({
      method: 'POST',
      url: '/api/incidents',
      payload: {
        title: 'Near miss',
        description: 'Forklift',
        location: 'Yard',
        department: 'Casting',
        incidentDate: new Date().toISOString(),
      },
    }),
  },
  {
    action: 'incident:manage',
    name: 'PUT /incidents/:id (status)',
    request: async () => ({
      method: 'PUT',
      url: `/api/incidents/${await newIncident()}`,
      payload: { status: 'Under Investigation' },
    }),
  },
  {
    action: 'incident:investigate',
    name: 'POST /incidents/:id/actions',
    request: async () => ({
      method: 'POST',
      url: `/api/incidents/${await newIncident()}/actions`,
      payload: { _id: crypto.randomUUID(), title: 'Fit a guard', owner: team.admin._id, dueDate: '2026-12-01' },
    }),
  },
  // PATCH /incidents/:id/actions/:actionId depends on who owns the action, and closing with a reason
  // (incident:override-close) on the actions: incident-actions.test.ts.
  {
    action: 'file:upload',
    name: 'POST /incidents/:id/attachments',
    request: async () => ({ method: 'POST', url: `/api/incidents/${await newIncident()}/attachments`, ...asUpload() }),
  },
  {
    action: 'schedule:manage',
    name: 'POST /maintenance',
    request: async () => ({
      method: 'POST',
      url: '/api/maintenance',
      payload: { title: 'Inspection', machine: await newMachine(), scheduledDate: new Date().toISOString() },
    }),
  },
  {
    action: 'schedule:manage',
    name: 'PUT /maintenance/:id',
    request: async () => ({
      method: 'PUT',
      url: `/api/maintenance/${await newSchedule()}`,
      payload: { status: 'In Progress' },
    }),
  },
  // PATCH /maintenance/:id/checklist/:itemId depends on who the schedule is assigned to: checklists.test.ts.
  {
    action: 'analytics:view',
    name: 'GET /analytics/tickets/mttr',
    request: () => ({ method: 'GET', url: '/api/analytics/tickets/mttr' }),
  },
  {
    action: 'reliability:view',
    name: 'GET /analytics/machines/availability',
    request: () => ({ method: 'GET', url: '/api/analytics/machines/availability' }),
  },
  { action: 'user:list', name: 'GET /users', request: () => ({ method: 'GET', url: '/api/users' }) },
  {
    action: 'permit:request',
    name: 'POST /permits',
    request: async () => {
      const machine = await newMachine();
      const ticket = await adminCreates('/api/tickets', { title: 'Guard', description: 'Loose', machine });
      return { method: 'POST', url: '/api/permits', payload: { machine, ticket, type: 'work_at_height' } };
    },
  },
  {
    action: 'permit:approve',
    name: 'PATCH /permits/:id (Approved)',
    request: async () => ({ method: 'PATCH', url: (await newPermit()).url, payload: { status: 'Approved' } }),
  },
  {
    action: 'permit:manage',
    name: "PATCH /permits/:id (Active, another's permit)",
    request: async () => ({
      method: 'PATCH',
      url: (await newPermit(['Approved', 'Locked'])).url,
      payload: { status: 'Active' },
    }),
  },
  {
    action: 'permit:override-lock',
    name: "PATCH /permits/:id/locks/:lockId (another's lock, with a reason)",
    request: async () => {
      const { url, lockId } = await newPermit(['Approved', 'Locked', 'Active', 'Work Done']);
      return { method: 'PATCH', url: `${url}/locks/${lockId}`, payload: { removed: true, reason: 'Holder off site' } };
    },
  },
  {
    action: 'part:manage',
    name: 'POST /parts',
    request: () => ({
      method: 'POST',
      url: '/api/parts',
      payload: { partNumber: `SEAL-${crypto.randomUUID()}`, name: 'Shaft seal 40x62x8', unit: 'each' },
    }),
  },
];

function asUpload() {
  const { payload, contentType } = png();
  return { payload, contentType };
}

describe('the role table', () => {
  for (const testCase of cases) {
    for (const role of roles) {
      const allowed = can(role, testCase.action);
      it(`${testCase.name}: ${role} ${allowed ? 'may' : 'may not'}`, async () => {
        const { method, url, payload, contentType } = await testCase.request();
        const response = await t.app.inject({
          method,
          url,
          headers: { ...team[role].headers, ...(contentType ? { 'content-type': contentType } : {}) },
          ...(payload ? { payload } : {}),
        });
        if (allowed) {
          expect(response.statusCode, response.body).toBeLessThan(300);
        } else {
          expect(response.statusCode, response.body).toBe(403);
          // Field-level checks (tickets, incidents) name the fields they refuse; the rest use the table's text.
          expect(errorMessage(response)).toMatch(
            new RegExp(`^${deniedMessage(role, testCase.action).split(' may not ')[0]} may not `),
          );
        }
      });
    }
  }
});
