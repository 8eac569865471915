import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { multipart } from './helpers/multipart.ts';
import { useTeamApp } from './helpers/app.ts';

const t = useTeamApp();

/** A PNG of almost 10 MB (the upload limit) that passes the content check. */
function largePng(seed: number) {
  const data = Buffer.alloc(10 * 1024 * 1024 - 4096);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  for (let index = 8; index < data.length; index += 1) data[index] = (index * 31 + seed) % 256;
  return data;
}

async function timed(url: string) {
  const started = performance.now();
  const response = await t.app.inject({ method: 'GET', url, headers: t.team.operator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return performance.now() - started;
}

const ms = (values: number[]) => `${values.map(Math.round).join(' ')} ms`;

// On PGlite the database shares the server's process; PostgreSQL's side is measured by bench:load.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'keeps answering health and a ticket list while five 10 MB files are stored',
  { timeout: 180_000 },
  async () => {
    const bodies = [1, 2, 3, 4, 5].map((seed) =>
      multipart([{ name: 'file', filename: `scan-${seed}.png`, type: 'image/png', data: largePng(seed) }]),
    );
    // Each route's first answer compiles its code: measured apart from the storing.
    await timed('/api/health');
    await timed('/api/tickets?page=1&limit=10');
    const eventLoop = monitorEventLoopDelay({ resolution: 10 });
    eventLoop.enable();
    let storing = true;
    const startedStoring = performance.now();
    const uploads = Promise.all(
      bodies.map(({ payload, contentType }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/upload/single',
          headers: { ...t.team.operator.headers, 'content-type': contentType },
          payload,
        }),
      ),
    ).finally(() => (storing = false));

    const health: number[] = [];
    const lists: number[] = [];
    while (storing) {
      health.push(await timed('/api/health'));
      lists.push(await timed('/api/tickets?page=1&limit=10'));
    }
    eventLoop.disable();
    const storingMs = performance.now() - startedStoring;

    for (const response of await uploads) expect(response.statusCode, response.body).toBe(201);
    expect(health.length, 'probes while storing').toBeGreaterThan(1);
    // Files are stored a chunk of 256 KB per statement, so a request waits for one chunk, never for a whole
    // file (PGlite is one connection). The bound is relative, so a loaded machine slows it with the rest:
    // one file's share of the storing, its forty chunks.
    const boundMs = storingMs / bodies.length;
    console.log(
      `while storing (${Math.round(storingMs)} ms, bound ${Math.round(boundMs)} ms): health ${ms(health)}, ` +
        `ticket list ${ms(lists)}, event loop max ${Math.round(eventLoop.max / 1e6)} ms`,
    );
    // The bytes never pass through the event loop's thread as bytea text: it stays free for HTTP.
    expect(eventLoop.max / 1e6, 'longest event loop stall, ms').toBeLessThan(boundMs);
    expect(Math.max(...health), `health: ${ms(health)}`).toBeLessThan(boundMs);
    expect(Math.max(...lists), `ticket list: ${ms(lists)}`).toBeLessThan(boundMs);
  },
);
