import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newContext, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

/** Controls smaller than 44 px in either direction: too small to hit with gloves. */
function smallTargets(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], select, input:not([type=hidden]), textarea, [role=button]',
      ),
    ]
      .filter((element) => element.offsetParent !== null && !element.closest('[data-sonner-toaster]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

/** Each screen, and something on it that shows once its data is in. */
const screens: [path: string, ready: (page: Page) => Promise<void>][] = [
  ['/', (page) => page.getByText('Total Machines').waitFor()],
  [
    '/tickets',
    (page) =>
      page
        .getByRole('combobox', { name: /^Status of TKT-/ })
        .first()
        .waitFor(),
  ],
  ['/machines', (page) => page.getByRole('button', { name: 'View Details' }).first().waitFor()],
  ['/incidents', (page) => page.getByRole('button', { name: 'View Details' }).first().waitFor()],
  ['/maintenance', (page) => page.getByRole('heading', { name: 'Preventive Maintenance' }).waitFor()],
  ['/analytics', (page) => page.getByText('Running now').waitFor()],
  ['/reliability', (page) => page.getByRole('cell').first().waitFor()],
  ['/requests', (page) => page.getByRole('button', { name: 'Accept' }).first().waitFor()],
  ['/shift-log', (page) => page.getByRole('article').first().getByRole('button', { name: 'Acknowledge' }).waitFor()],
  ['/profile', (page) => page.getByRole('button', { name: 'Edit Profile' }).waitFor()],
];

it('gives every control a touch target of at least 44 px on a tablet and a phone', async () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await newContext(e2e.browser, size);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel('Email').waitFor();
    expect(await smallTargets(page), `login ${size.width}`).toEqual([]);
    await page.goto(`${e2e.server.url}/request`);
    await page.getByLabel('What is wrong?').waitFor();
    expect(await smallTargets(page), `request ${size.width}`).toEqual([]);
    await signIn(page, e2e.server.url, 'admin');
    for (const [path, ready] of screens) {
      await page.goto(`${e2e.server.url}${path}`);
      await ready(page);
      expect(await smallTargets(page), `${path} ${size.width}`).toEqual([]);
    }
    await page.goto(`${e2e.server.url}/maintenance`);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await smallTargets(page), `maintenance list ${size.width}`).toEqual([]);
    await context.close();
  }
});
