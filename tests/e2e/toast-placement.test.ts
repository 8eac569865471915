import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newContext, screenshot, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The shown toast's box once its entry animation has finished (two equal readings in a row). */
async function settledToastBox(page: Page): Promise<Box> {
  const toast = page.locator('[data-sonner-toast][data-mounted=true]').first();
  await toast.waitFor();
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await toast.boundingBox());
      const settled = box === last;
      last = box;
      return settled;
    })
    .toBe(true);
  return JSON.parse(last) as Box;
}

/**
 * The visible controls of the page (top bar, sidebar, page header, filters, lists) that the shown toast
 * overlaps, both read in one frame: the toast moves aside when the top bar's controls widen (the sync
 * pill's text grows while history arrives), so a box read earlier may be stale.
 */
function coveredControls(page: Page) {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-sonner-toast][data-mounted=true]')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>(':is(button, a[href], select, input, textarea, [role=button])')]
      .filter((element) => element.offsetParent !== null && !element.closest('[data-sonner-toaster]'))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(
        ({ rect }) =>
          rect.left < toast.right && toast.left < rect.right && rect.top < toast.bottom && toast.top < rect.bottom,
      )
      .map(({ element }) => (element.textContent || element.getAttribute('aria-label') || '').trim());
  });
}

/** Passes once the toast covers no control (it may be sliding aside when first measured). */
async function expectNothingCovered(page: Page, where: string) {
  await expect.poll(() => coveredControls(page), { message: where, timeout: 3000 }).toEqual([]);
}

/** Shows a success toast the way a user does on a list screen: changes the first record's status there. */
async function changeFirstStatus(page: Page): Promise<void> {
  const select = page.getByRole('combobox', { name: /^Status of / }).first();
  await select.waitFor({ timeout: 60_000 });
  const options = await select
    .locator('option')
    .evaluateAll((elements) => elements.map((option) => (option as HTMLOptionElement).value));
  const current = await select.inputValue();
  // A machine stopping would ask why first; any other change shows its toast at once.
  await select.selectOption(options.find((option) => option !== current && !['Down', 'Maintenance'].includes(option))!);
  // Choosing scrolled the list into view; the header is what the toast must not cover.
  await page.evaluate(() => window.scrollTo(0, 0));
}

const screens: [path: string, showToast: (page: Page) => Promise<void>][] = [
  ['/tickets', changeFirstStatus],
  ['/machines', changeFirstStatus],
  ['/incidents', changeFirstStatus],
  [
    '/maintenance',
    async (page) => {
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await changeFirstStatus(page);
    },
  ],
  ['/profile', (page) => page.getByRole('button', { name: 'Change Password' }).click()],
];

it('shows toasts at the top where they cover no control, on a desktop, a tablet and a phone', async () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 800, height: 1280 },
    { width: 390, height: 844 },
  ]) {
    const context = await newContext(e2e.browser, size);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'admin');
    const loginToast = await settledToastBox(page);
    expect(loginToast.y, 'toasts sit at the top').toBeLessThan(80);
    await expectNothingCovered(page, `dashboard ${size.width}`);

    for (const [path, showToast] of screens) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      await showToast(page);
      await settledToastBox(page);
      await screenshot(page, `toast${path.replace('/', '-')}`);
      await expectNothingCovered(page, `${path} ${size.width}`);
    }
    await context.close();
  }
});
