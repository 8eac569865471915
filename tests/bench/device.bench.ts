/**
 * `npm run bench:device`: the app on a device against a server with years of records. For each size
 * (BENCH_SIZES, default "20000,100000" tickets, with a fifth as many incidents and 100 machines, 500
 * from 100,000 tickets on) it seeds a fresh database (PostgreSQL when reachable, else PGlite), builds and
 * serves the app, and runs BENCH_RUNS (default 5) fresh devices in Chromium without throttle and with
 * 4x CPU throttle: sign-in and first sync, then the Tickets, Incidents and Machines screens and the dashboard.
 * Prints the medians, then Lighthouse's mobile scores of /login and the signed-in dashboard. Nothing
 * is asserted (BENCH_RUNS=0 runs Lighthouse only). The seed spreads tickets and incidents over the last
 * five years (BENCH_YEARS).
 */
import path from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumOptions } from '../e2e/helpers/browser.ts';
import { clientDir } from '../e2e/helpers/client-dir.ts';
import buildClient from '../e2e/helpers/global-setup.ts';
import { startByteCounter } from './byte-counter.ts';
import { runDevice, type Credentials, type DeviceRun } from './device-run.ts';
import { lighthouseScores } from './lighthouse-scores.ts';
import { defaultYears } from '../../src/server/seed/volume.ts';
import { pglite, postgres, registerAccount, seed, startServer } from './targets.ts';

const sizes = (process.env.BENCH_SIZES ?? '20000,100000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const years = Number(process.env.BENCH_YEARS ?? defaultYears);
const throttles = [1, 4];

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const formats: Partial<Record<Metric, (value: number) => string>> = {
  usableMs: (ms) => `${(ms / 1000).toFixed(1)} s`,
  fullySyncedMs: (ms) => `${(ms / 1000).toFixed(1)} s`,
  bytes: (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  indexedDbBytes: (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  storedRecords: (count) => String(Math.round(count)),
};
type Metric = Exclude<keyof DeviceRun, 'longestFrameScripts'>;
const format = (metric: Metric, value: number) =>
  Number.isNaN(value) ? 'timeout' : (formats[metric] ?? ((ms: number) => `${Math.round(ms)} ms`))(value);

function printMedians(results: Map<number, DeviceRun[]>) {
  // Each run prints what ran in its longest frame; the medians are of the numbers.
  const metrics = (Object.keys(results.get(throttles[0]!)![0]!) as (keyof DeviceRun)[]).filter(
    (metric): metric is Metric => metric !== 'longestFrameScripts',
  );
  const rows = metrics.map((metric) => [
    metric,
    ...throttles.map((throttle) =>
      format(metric, median(results.get(throttle)!.map((run) => run[metric] ?? Number.NaN))),
    ),
  ]);
  console.table(
    Object.fromEntries(
      rows.map(([metric, ...cells]) => [
        metric,
        Object.fromEntries(throttles.map((t, i) => [t === 1 ? 'no throttle' : `${t}x CPU`, cells[i]])),
      ]),
    ),
  );
}

async function benchSize(tickets: number, browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const volume = { tickets, incidents: Math.round(tickets / 5), machines: tickets >= 100_000 ? 500 : 100, years };
  const target = (await postgres()) ?? pglite();
  try {
    console.log(`\n## ${JSON.stringify(volume)} on ${target.label}`);
    console.log(`seeded in ${(await seed(target, volume)).toFixed(0)} s`);
    Object.assign(target.env, {
      CLIENT_DIR: path.resolve(clientDir),
      AUTH_RATE_LIMIT_IP: '10000',
      AUTH_RATE_LIMIT_EMAIL_IP: '10000',
    });
    const server = await startServer(target);
    const wire = await startByteCounter(new URL(server.base));
    try {
      const credentials: Credentials = await registerAccount(server.base, 'maintenance_engineer');
      const results = new Map<number, DeviceRun[]>();
      for (const cpuThrottle of throttles) {
        results.set(cpuThrottle, []);
        for (let run = 1; run <= runs; run += 1) {
          const result = await runDevice(browser, { base: wire.url, credentials, cpuThrottle, wire });
          results.get(cpuThrottle)!.push(result);
          console.log(`run ${run}, ${cpuThrottle}x CPU, load ${loadavg()[0]!.toFixed(1)}:`, JSON.stringify(result));
        }
      }
      if (runs > 0) {
        console.log(`medians of ${runs} runs:`);
        printMedians(results);
      }
      console.log('Lighthouse, mobile preset:');
      console.table(await lighthouseScores(wire.url, credentials));
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
const browser = await chromium.launch(chromiumOptions);
try {
  for (const tickets of sizes) await benchSize(tickets, browser);
} finally {
  await browser.close();
}
