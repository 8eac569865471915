/**
 * `npm run bench:load`: a mixed load of 200 connections against the real server on PGlite and on
 * PostgreSQL (a fresh database when the server is reachable): ticket and incident lists, one
 * ticket, creates with a client `_id`, comments, status changes and sync pulls. Prints requests/s,
 * p50/p99/max latency, failed requests and the server's resident memory; asserts nothing.
 * LOAD_SECONDS (default 60) shortens the run for a quick check.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { ticketStatuses } from '../../src/shared/enums.ts';
import { pglite, postgres, registerAdmin, rssMegabytes, seed, startServer, type Target } from './targets.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = 200;
const volume = { tickets: 20_000, incidents: 2_000, machines: 100 };

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

async function sample(base: string, headers: Record<string, string>) {
  const page = (await (await fetch(`${base}/api/tickets?page=1&limit=50`, { headers })).json()) as {
    tickets: { _id: string; machine: { _id: string } | null }[];
  };
  const ticketIds = page.tickets.map((ticket) => ticket._id);
  const machineId = page.tickets.find((ticket) => ticket.machine)?.machine?._id;
  if (ticketIds.length === 0 || !machineId) throw new Error('the seeded database has no tickets with machines');
  return { ticketIds, machineId };
}

/** One request of the mix; autocannon cycles through the list on every connection. */
function mix(headers: Record<string, string>, { ticketIds, machineId }: { ticketIds: string[]; machineId: string }) {
  const json = { ...headers, 'content-type': 'application/json' };
  const body = (value: unknown) => JSON.stringify(value);
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/tickets?page=1&limit=10' },
    { method: 'GET', path: '/api/tickets?status=Pending&page=2&limit=10' },
    { method: 'GET', path: '/api/incidents?page=1&limit=10' },
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/tickets/${pick(ticketIds)}` }) },
    { method: 'GET', path: '/api/sync?limit=100' },
    {
      method: 'POST',
      path: '/api/tickets',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        body: body({
          _id: randomUUID(),
          title: 'Load test ticket',
          description: 'Created by bench:load',
          machine: machineId,
        }),
      }),
    },
    {
      method: 'POST',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        path: `/api/tickets/${pick(ticketIds)}/comments`,
        body: body({ _id: randomUUID(), comment: 'Checked on the round, still running hot.' }),
      }),
    },
    {
      method: 'PUT',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        path: `/api/tickets/${pick(ticketIds)}`,
        body: body({ status: pick(ticketStatuses) }),
      }),
    },
  ];
  return requests.map((request) => ({ headers, ...request }));
}

async function measure(target: Target) {
  const server = await startServer(target);
  try {
    const headers = await registerAdmin(server.base);
    const requests = mix(headers, await sample(server.base, headers));
    let rss = rssMegabytes(server.child.pid!);
    const memory = setInterval(() => (rss = Math.max(rss, rssMegabytes(server.child.pid!))), 1000);
    const result = await autocannon({ url: server.base, connections, duration: seconds, timeout: 60, requests });
    clearInterval(memory);
    return { result, rss };
  } finally {
    await server.stop();
  }
}

function print(label: string, { result, rss }: Awaited<ReturnType<typeof measure>>) {
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(`\n## ${label}: ${connections} connections, ${seconds} s mixed run`);
  console.log(
    `${availableParallelism()} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    [
      `requests/s ${result.requests.average.toFixed(0)} (${result.requests.total} requests)`,
      `p50 ${result.latency.p50} ms`,
      `p99 ${result.latency.p99} ms`,
      `max ${result.latency.max} ms`,
      `failed ${failed} (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
      `server RSS max ${rss.toFixed(0)} MB`,
    ].join(', '),
  );
}

for (const open of [pglite, postgres]) {
  const target = await open();
  if (!target) continue;
  try {
    console.log(`\n${target.label}: seeding ${volume.tickets} tickets...`);
    await seed(target, volume);
    print(target.label, await measure(target));
  } finally {
    await target.cleanup();
  }
}
