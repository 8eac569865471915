import { expect, it } from 'vitest';
import type { Machine } from '../../src/shared/schemas/machine.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const engineer = apiAs(() => e2e.server.url, 'maintenance_engineer');

it('shows a change made on another device within 2 s, without a reload, and again after the stream was cut', async () => {
  const tablet = await openControlledPage(e2e.browser, e2e.server.url, 'admin', '/tickets');
  await tablet.page.getByText(/Showing page 1 of/).waitFor({ timeout: 60_000 });
  const [machine] = await engineer<Machine[]>('machines');

  const raise = async (title: string) => {
    await engineer('tickets', 'POST', { title, description: 'Raised on another tablet', machine: machine!._id });
    const started = Date.now();
    await tablet.page.getByText(title).first().waitFor({ timeout: 2_000 });
    return Date.now() - started;
  };
  expect(await raise(`Coiler mandrel noise ${Date.now()}`)).toBeLessThan(2_000);

  // The stream is cut (the tablet loses the network for a moment); it reconnects by itself.
  await tablet.context.setOffline(true);
  await tablet.page.waitForTimeout(500);
  await tablet.context.setOffline(false);
  await expect
    .poll(
      async () => {
        const title = `Entry table roller seized ${Date.now()}`;
        return raise(title).catch(() => Infinity);
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBeLessThan(2_000);
  await tablet.context.close();
});
