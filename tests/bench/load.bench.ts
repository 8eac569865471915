/**
 * `npm run bench:load`: a mixed load of 200 connections against the real server on PGlite and on
 * PostgreSQL (a fresh database when the server is reachable): ticket and incident lists, one
 * ticket, creates with a client `_id`, comments, status changes and sync pulls. Prints requests/s,
 * p50/p99/max latency, failed requests and the server's resident memory. Then a login flood (32
 * connections signing in with right and wrong passwords from ever new addresses) with health and a
 * ticket read measured during it and, for comparison, just before it. Asserts nothing.
 * LOAD_SECONDS (default 60) shortens the run for a quick check.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ticketStatuses } from '#shared/enums.ts';
import { pglite, postgres, registerAccount, rssMegabytes, seed, startServer, type Target } from './targets.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = 200;
const volume = { tickets: 20_000, incidents: 2_000, machines: 100 };
const floodSeconds = Math.min(seconds, 20);
const floodConnections = 32;

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

type Account = Awaited<ReturnType<typeof registerAccount>>;

/** Health and a ticket read, one after the other, until `done()`: the latency of each, in ms. */
async function probe(base: string, account: Account, ticketIds: string[], done: () => boolean) {
  const timed = async (path: string, headers = {}) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  const latencies = { health: [] as number[], read: [] as number[] };
  while (!done()) {
    latencies.health.push(await timed('/api/health'));
    latencies.read.push(await timed(`/api/tickets/${pick(ticketIds)}`, account.headers));
  }
  return latencies;
}

const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Health and reads for a while on the idle server, then again while sign-ins flood it. */
async function loginFlood(base: string, account: Account, ticketIds: string[]) {
  // The mixed run's last requests drain first.
  await setTimeout(5000);
  const quietUntil = Date.now() + floodSeconds * 1000;
  const quiet = await probe(base, account, ticketIds, () => Date.now() >= quietUntil);
  let flooding = true;
  const flood = Promise.resolve(
    autocannon({
      url: base,
      connections: floodConnections,
      duration: floodSeconds,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/login',
          setupRequest: (request) => ({
            ...request,
            // Every sign-in from a new address (the server trusts one proxy hop), so no rate limit applies.
            headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
            body: JSON.stringify({ email: account.email, password: pick([account.password, 'wrong password 1']) }),
          }),
        },
      ],
    }),
  ).finally(() => (flooding = false));
  const during = await probe(base, account, ticketIds, () => !flooding);
  return { quiet, during, logins: await flood };
}

async function measure(target: Target) {
  const server = await startServer({ ...target, env: { ...target.env, TRUST_PROXY: '1' } });
  try {
    const account = await registerAccount(server.base, 'admin');
    const { ticketIds, machineId } = await sample(server.base, account.headers);
    const requests = mix(account.headers, { ticketIds, machineId });
    let rss = rssMegabytes(server.child.pid!);
    const memory = setInterval(() => (rss = Math.max(rss, rssMegabytes(server.child.pid!))), 1000);
    const result = await autocannon({ url: server.base, connections, duration: seconds, timeout: 60, requests });
    clearInterval(memory);
    return { result, rss, flood: await loginFlood(server.base, account, ticketIds) };
  } finally {
    await server.stop();
  }
}

function spread(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.floor(share * (sorted.length - 1))]!.toFixed(0);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${values.length})`;
}

function printFlood({ quiet, during, logins }: Awaited<ReturnType<typeof loginFlood>>) {
  const answers = Object.entries(logins.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `login flood: ${floodConnections} connections, ${floodSeconds} s, ${logins.requests.total} sign-ins answered (${answers}), errors ${logins.errors}, timeouts ${logins.timeouts}`,
  );
  console.log(`health       without the flood: ${spread(quiet.health)}; during it: ${spread(during.health)}`);
  console.log(`ticket read  without the flood: ${spread(quiet.read)}; during it: ${spread(during.read)}`);
}

function print(label: string, { result, rss, flood }: Awaited<ReturnType<typeof measure>>) {
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
  printFlood(flood);
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
