/**
 * `npm run bench:device`: the app on a device against a server with years of records, used by the
 * plant's own staff. For each size (BENCH_SIZES tickets, default 100000, with a fifth as many incidents
 * and 500 machines, 100 below 100,000 tickets, over BENCH_YEARS years, default 5) and each database
 * (BENCH_DATABASES, default "postgres,pglite"; PostgreSQL when reachable) it seeds the demo plant and
 * gives its staff the volume's records, builds and serves the app, and runs BENCH_RUNS (default 5)
 * fresh devices per person in Chromium without throttle and with 4x CPU throttle: the seeded engineer,
 * operator and safety officer, and a freshly registered engineer (one row, labelled so). Each run
 * raises a ticket a moment before sign-in and times it onto the Tickets screen, then the whole first
 * sync; the engineer's runs also work the Tickets, Incidents and Machines screens and the dashboard.
 * Prints the medians per person, then Lighthouse's mobile scores of /login and the signed-in dashboard
 * (BENCH_LIGHTHOUSE_RUNS, default 5). BENCH_PEOPLE ("maintenance engineer,operator") runs some of the
 * people only. Nothing is asserted.
 */
import path from 'node:path';
import { loadavg } from 'node:os';
import { staff } from '#server/seed/plant.ts';
import { defaultYears } from '#server/seed/volume.ts';
import type { Role } from '#shared/enums.ts';
import { chromiumOptions } from '../e2e/helpers/browser.ts';
import { clientDir } from '../e2e/helpers/client-dir.ts';
import { buildApp as buildClient } from '../e2e/helpers/global-setup.ts';
import { startByteCounter } from './byte-counter.ts';
import { runDevice, type Credentials, type DeviceRun } from './device-run.ts';
import { lighthouseScores, type LighthouseScores } from './lighthouse-scores.ts';
import { launchSlowBrowser, type SlowBrowser } from './slow-browser.ts';
import { pglite, postgres, registerAccount, seed, startServer, type Target } from './targets.ts';

const list = (value: string) => value.split(',').map((item) => item.trim());
const sizes = list(process.env.BENCH_SIZES ?? '100000').map(Number);
const databases = list(process.env.BENCH_DATABASES ?? 'postgres,pglite');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const years = Number(process.env.BENCH_YEARS ?? defaultYears);
const throttles = list(process.env.BENCH_THROTTLES ?? '1,4').map(Number);
/** Who signs in (labels as printed); all four unless BENCH_PEOPLE names some. */
const chosenPeople = process.env.BENCH_PEOPLE?.split(',').map((label) => label.trim());

interface Person {
  label: string;
  credentials: () => Promise<Credentials>;
  withScreens: boolean;
}

const seeded = (role: Role, withScreens = false): Person => {
  const member = staff.find((candidate) => candidate.role === role && candidate.password)!;
  return {
    label: role.replace('_', ' '),
    credentials: () => Promise.resolve({ email: member.email, password: member.password! }),
    withScreens,
  };
};

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Metric = Exclude<keyof DeviceRun, 'longestFrameScripts'>;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const formats: Partial<Record<Metric, (value: number) => string>> = {
  newestOnScreenMs: seconds,
  fullySyncedMs: seconds,
  bytes: megabytes,
  indexedDbBytes: megabytes,
  storedRecords: (count) => String(Math.round(count)),
  recordsPerSecond: (count) => `${Math.round(count)}/s`,
};
const format = (metric: Metric, value: number) =>
  Number.isNaN(value) ? '–' : (formats[metric] ?? ((ms: number) => `${Math.round(ms)} ms`))(value);

/** One table per throttle: a row per metric, a column per person. */
function printMedians(results: Map<string, Map<number, DeviceRun[]>>) {
  const metrics = [...new Set([...results.values()].flatMap((byThrottle) => [...byThrottle.values()].flat()))]
    .flatMap((run) => Object.keys(run))
    .filter(
      (metric, index, all): metric is Metric => metric !== 'longestFrameScripts' && all.indexOf(metric) === index,
    );
  for (const throttle of throttles) {
    console.log(throttle === 1 ? 'no throttle:' : `${throttle}x CPU throttle:`);
    console.table(
      Object.fromEntries(
        metrics.map((metric) => [
          metric,
          Object.fromEntries(
            [...results].map(([person, byThrottle]) => [
              person,
              format(metric, median((byThrottle.get(throttle) ?? []).map((run) => run[metric] ?? Number.NaN))),
            ]),
          ),
        ]),
      ),
    );
  }
}

/** The seeded admin raises the ticket each run waits for, on the first machine. */
async function ticketRaiser(base: string) {
  const admin = staff.find((member) => member.role === 'admin')!;
  const signIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const machines = (await (await fetch(`${base}/api/machines?limit=1`, { headers })).json()) as { _id: string }[];
  let count = 0;
  return async () => {
    const title = `Newest work ${Date.now()}-${(count += 1)}`;
    const body = JSON.stringify({
      title,
      description: 'Raised a moment before sign-in',
      machine: machines[0]!._id,
    });
    const response = await fetch(`${base}/api/tickets`, { method: 'POST', headers, body });
    if (response.status !== 201) throw new Error(`raising the newest ticket: ${response.status}`);
    return title;
  };
}

async function benchTarget(browsers: Map<number, SlowBrowser>, target: Target, tickets: number) {
  const volume = { tickets, incidents: Math.round(tickets / 5), machines: tickets >= 100_000 ? 500 : 100, years };
  try {
    console.log(`\n## ${JSON.stringify(volume)} on ${target.label}`);
    console.log(`seeded in ${(await seed(target, volume, { demo: true })).toFixed(0)} s`);
    Object.assign(target.env, { CLIENT_DIR: path.resolve(clientDir), AUTH_RATE_LIMIT_IP: '10000' });
    const server = await startServer(target);
    const wire = await startByteCounter(new URL(server.base));
    try {
      const raiseNewest = await ticketRaiser(server.base);
      const people: Person[] = [
        seeded('maintenance_engineer', true),
        seeded('operator'),
        seeded('safety_officer'),
        {
          label: 'new engineer account',
          credentials: () => registerAccount(server.base, 'maintenance_engineer'),
          withScreens: false,
        },
      ];
      const results = new Map<string, Map<number, DeviceRun[]>>();
      for (const person of people.filter(({ label }) => !chosenPeople || chosenPeople.includes(label))) {
        const credentials = await person.credentials();
        const byThrottle = new Map<number, DeviceRun[]>();
        results.set(person.label, byThrottle);
        for (const cpuThrottle of throttles) {
          byThrottle.set(cpuThrottle, []);
          for (let run = 1; run <= runs; run += 1) {
            const { withScreens } = person;
            const { browser, pageThrottle } = browsers.get(cpuThrottle)!;
            const options = { base: wire.url, credentials, cpuThrottle, pageThrottle, wire, raiseNewest, withScreens };
            const result = await runDevice(browser, options);
            byThrottle.get(cpuThrottle)!.push(result);
            const load = loadavg()[0]!.toFixed(1);
            console.log(`${person.label}, run ${run}, ${cpuThrottle}x CPU, load ${load}:`, JSON.stringify(result));
          }
        }
      }
      if (runs > 0) {
        console.log(`medians of ${runs} runs:`);
        printMedians(results);
      }
      const scores: LighthouseScores[] = [];
      const engineer = await people[0]!.credentials();
      for (let run = 1; run <= lighthouseRuns; run += 1) scores.push(...(await lighthouseScores(wire.url, engineer)));
      console.log(`Lighthouse, mobile preset, ${lighthouseRuns} runs as the engineer:`);
      console.table(scores);
    } finally {
      await wire.close();
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

console.log(`building the app into ${clientDir}`);
await buildClient();
const browsers = new Map<number, SlowBrowser>();
for (const throttle of throttles) browsers.set(throttle, await launchSlowBrowser(chromiumOptions, throttle));
try {
  for (const tickets of sizes) {
    for (const database of databases) {
      const target = database === 'pglite' ? pglite() : await postgres();
      if (target) await benchTarget(browsers, target, tickets);
    }
  }
} finally {
  for (const slow of browsers.values()) await slow.close();
}
