/**
 * `npm run bench:api`: seeds 100,000 tickets, 20,000 incidents, 500 machines and 50,000 stops into a fresh
 * database (PGlite in a temporary DATA_DIR, and a fresh database on the PostgreSQL server when one
 * is reachable), starts the real server as a child process and measures the list and analytics
 * calls with autocannon against a bare Fastify route that returns the same bytes. Numbers are
 * printed; nothing is asserted. Loopback only, bounded duration (a few minutes in all).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startScript, stopScript, waitForUrl } from '../server/helpers/server-process.ts';
import { pglite, postgres, registerAdmin, seed, startServer, type Target } from './targets.ts';

const volume = { tickets: 100_000, incidents: 20_000, machines: 500, stops: 50_000 };
const connections = 50;
const warmupSeconds = 1;
const measureSeconds = 2;
/** Real and bare runs alternate; the best of each is kept, which damps noise from other work on the machine. */
const rounds = 2;

const listTarget = { p99: 25, ratio: 0.3 };
const analyticsTarget = { p99: 50 };

const endpoints: { path: string; kind: 'list' | 'analytics' }[] = [
  { path: '/api/tickets?status=Pending&search=pump&page=1&limit=10', kind: 'list' },
  { path: '/api/incidents?page=1&limit=10', kind: 'list' },
  ...[
    'dashboard',
    'machines/status-distribution',
    'machines/department-distribution',
    'tickets/trends',
    'tickets/mttr',
    'incidents/type-trends',
    'incidents/monthly-trends',
    'maintenance/completion-rate',
    'machines/availability?days=30',
    'departments/availability?days=30',
    'downtime/reasons?days=30',
  ].map((name) => ({ path: `/api/analytics/${name}`, kind: 'analytics' as const })),
];

interface Row {
  path: string;
  kind: 'list' | 'analytics';
  coldMs: number;
  bytes: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  bareReqPerSec: number;
  failures: number;
}

async function run(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, connections, duration: seconds, headers });
}

const best = (results: autocannon.Result[]) =>
  results.reduce((top, result) => (result.requests.average > top.requests.average ? result : top));

interface ColdAnswer {
  coldMs: number;
  body: string;
  contentType: string;
}

/** The first (uncached) answer of each endpoint: its latency, and the bytes the bare route will serve. */
async function fetchCold(base: string, headers: Record<string, string>): Promise<ColdAnswer[]> {
  const answers: ColdAnswer[] = [];
  for (const { path: endpoint } of endpoints) {
    const started = performance.now();
    const response = await fetch(`${base}${endpoint}`, { headers });
    const body = await response.text();
    const coldMs = performance.now() - started;
    if (response.status !== 200) throw new Error(`${endpoint}: ${response.status} ${body.slice(0, 200)}`);
    answers.push({ coldMs, body, contentType: response.headers.get('content-type') ?? 'application/json' });
  }
  return answers;
}

async function startBare(answers: ColdAnswer[], responsesFile: string) {
  const port = await freePort();
  const byPathname = endpoints.map(({ path: endpoint }, index): [string, ColdAnswer] => [
    new URL(endpoint, 'http://x').pathname,
    answers[index]!,
  ]);
  writeFileSync(responsesFile, JSON.stringify(Object.fromEntries(byPathname)));
  const child = startScript('tests/bench/bare-server.ts', { PORT: String(port), BARE_RESPONSES: responsesFile });
  await waitForUrl(`http://127.0.0.1:${port}${byPathname[0]![0]}`, child, 60);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function compare(realUrl: string, bareUrl: string, headers: Record<string, string>) {
  await run(realUrl, headers, warmupSeconds);
  await run(bareUrl, {}, warmupSeconds / 2);
  const realRuns: autocannon.Result[] = [];
  const bareRuns: autocannon.Result[] = [];
  for (let round = 0; round < rounds; round += 1) {
    realRuns.push(await run(realUrl, headers, measureSeconds));
    bareRuns.push(await run(bareUrl, {}, measureSeconds));
  }
  const failures = realRuns.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
  return { real: best(realRuns), bare: best(bareRuns), failures };
}

async function measure(target: Target): Promise<Row[]> {
  const server = await startServer(target);
  const { base } = server;
  let bare: ChildProcess | undefined;
  const responsesFile = path.join(mkdtempSync(path.join(tmpdir(), 'imsp-bare-')), 'responses.json');
  try {
    const headers = await registerAdmin(base);
    const answers = await fetchCold(base, headers);
    const yardstick = await startBare(answers, responsesFile);
    bare = yardstick.child;

    const rows: Row[] = [];
    for (const [index, { path: endpoint, kind }] of endpoints.entries()) {
      const {
        real,
        bare: bareResult,
        failures,
      } = await compare(`${base}${endpoint}`, `${yardstick.base}${endpoint}`, headers);
      rows.push({
        path: endpoint,
        kind,
        coldMs: answers[index]!.coldMs,
        bytes: Buffer.byteLength(answers[index]!.body),
        reqPerSec: real.requests.average,
        p50: real.latency.p50,
        p99: real.latency.p99,
        bareReqPerSec: bareResult.requests.average,
        failures,
      });
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    return rows;
  } finally {
    if (bare) await stopScript(bare);
    await server.stop();
    rmSync(path.dirname(responsesFile), { recursive: true, force: true });
  }
}

function verdict(row: Row): string {
  if (row.failures > 0) return `FAIL (${row.failures} failed requests)`;
  const ratio = row.reqPerSec / row.bareReqPerSec;
  const misses: string[] = [];
  if (row.kind === 'list') {
    if (row.p99 >= listTarget.p99) misses.push(`p99 >= ${listTarget.p99} ms`);
    if (ratio < listTarget.ratio) misses.push(`ratio < ${listTarget.ratio}`);
  } else if (row.p99 >= analyticsTarget.p99) {
    misses.push(`p99 >= ${analyticsTarget.p99} ms`);
  }
  return misses.length ? `MISS (${misses.join(', ')})` : 'ok';
}

function printTable(label: string, seedSeconds: number, rows: Row[]) {
  const header = [
    'endpoint',
    'bytes',
    'cold ms',
    'req/s',
    'p50 ms',
    'p99 ms',
    'bare req/s',
    'ratio',
    'target',
    'verdict',
  ];
  const lines = rows.map((row) => [
    row.path,
    String(row.bytes),
    row.coldMs.toFixed(1),
    row.reqPerSec.toFixed(0),
    String(row.p50),
    String(row.p99),
    row.bareReqPerSec.toFixed(0),
    (row.reqPerSec / row.bareReqPerSec).toFixed(2),
    row.kind === 'list' ? `p99<${listTarget.p99}, ratio>=${listTarget.ratio}` : `p99<${analyticsTarget.p99}`,
    verdict(row),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(
    `\n## ${label}: ${volume.tickets} tickets, ${volume.incidents} incidents, ${volume.machines} machines (seeded in ${seedSeconds.toFixed(1)} s)`,
  );
  console.log(
    `autocannon: ${connections} connections, ${warmupSeconds} s warm-up, best of ${rounds} alternating ${measureSeconds} s runs ` +
      'per endpoint (real and bare); ratio = req/s / bare route req/s; cold = first, uncached request',
  );
  // The load generator, the server and the bare server share these CPUs: other work skews the numbers.
  console.log(
    `${availableParallelism()} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

// Each database is created just before its run and dropped right after, whatever happens.
for (const open of [pglite, postgres]) {
  const target = await open();
  if (!target) continue;
  try {
    console.log(`\n${target.label}: seeding...`);
    const seedSeconds = await seed(target, volume);
    console.log(`${target.label}: seeded in ${seedSeconds.toFixed(1)} s, measuring ${endpoints.length} endpoints`);
    printTable(target.label, seedSeconds, await measure(target));
  } finally {
    await target.cleanup();
  }
}
