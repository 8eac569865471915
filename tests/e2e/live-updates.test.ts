import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const engineer = apiAs(() => e2e.server.url, 'maintenance_engineer');

// Live, not by the next pull: a generous bound for a loaded machine, well under the pull's minute.
const liveMs = 15_000;
const quietMs = 1_000;

it('shows a change made on another device at once, without a reload, and again after the stream was cut', async () => {
  const tablet = await openControlledPage(e2e.browser, e2e.server.url, 'admin', '/tickets');
  await tablet.page.getByText(/Showing page 1 of/).waitFor({ timeout: 60_000 });
  const [machine] = await engineer<Machine[]>('machines');
  const eventStream = (request: Request) => new URL(request.url()).pathname === '/api/events';
  // The tablet's requests under way, but for the stream: a round it started before the change is not the live one.
  const underWay = new Set<Request>();
  tablet.page.on('request', (request) => void (!eventStream(request) && underWay.add(request)));
  const settled = (request: Request) => void underWay.delete(request);
  tablet.page.on('requestfinished', settled);
  tablet.page.on('requestfailed', settled);
  const quiet = () =>
    expect
      .poll(
        async () => {
          const before = underWay.size;
          await new Promise((resolve) => setTimeout(resolve, quietMs));
          return before + underWay.size;
        },
        { timeout: 60_000 },
      )
      .toBe(0);

  // Timed from the server's answer: the first write after the server started takes it seconds on a loaded machine.
  const raise = async (title: string) => {
    await quiet();
    await engineer('tickets', 'POST', { title, description: 'Raised on another tablet', machine: machine!._id });
    await tablet.page.getByText(title).first().waitFor({ timeout: liveMs });
  };
  await raise(`Coiler mandrel noise ${Date.now()}`);

  // The stream is cut (its server restarts); the tablet opens it again by itself.
  const reopened = tablet.page.waitForResponse((response) => eventStream(response.request()), { timeout: 90_000 });
  await e2e.server.stop();
  await e2e.server.start();
  await reopened;
  await raise(`Entry table roller seized ${Date.now()}`);
  await tablet.context.close();
});
