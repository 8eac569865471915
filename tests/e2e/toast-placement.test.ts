import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiToken, newContext, screenshot, screenSizes, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

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
  // A machine stopping would ask why first, and one under lockout may not run (a longer refusal):
  // Idle rather than Running; any other change shows its toast at once.
  const choices = options.filter((option) => option !== current && !['Down', 'Maintenance'].includes(option));
  await select.selectOption(choices.find((option) => option !== 'Running') ?? choices[0]!);
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
  for (const size of screenSizes) {
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

/** The shown toasts that overlap the open dialog's title (none, when all is well), both read in one frame. */
function toastsOverDialogTitle(page: Page) {
  return page.evaluate(() => {
    const title = document.querySelector('[data-modal] [role=dialog] h2')!.getBoundingClientRect();
    return [...document.querySelectorAll('[data-sonner-toast][data-mounted=true]')]
      .map((toast) => ({ text: toast.textContent, box: toast.getBoundingClientRect().toJSON() as DOMRect }))
      .filter(
        ({ box }) =>
          box.left < title.right && title.left < box.right && box.top < title.bottom && title.top < box.bottom,
      )
      .map(({ text, box }) => `${text} at ${box.top}-${box.bottom}, title at ${title.top}-${title.bottom}`);
  });
}

it("shows toasts raised in a dialog clear of the dialog's title, on a desktop, a tablet and a phone", async () => {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/tickets?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [ticket] = ((await response.json()) as { tickets: { _id: string; ticketNumber: string }[] }).tickets;
  for (const size of screenSizes) {
    const context = await newContext(e2e.browser, size);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'admin');
    await page.goto(`${e2e.server.url}/tickets?ticket=${ticket!._id}`);
    const dialog = page.getByRole('dialog', { name: ticket!.ticketNumber });
    await dialog.getByLabel('Add a comment').waitFor({ timeout: 60_000 });

    await dialog.getByLabel('Add a comment').fill(`Checked at ${size.width}px`);
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    await settledToastBox(page);
    expect(await toastsOverDialogTitle(page), `comment toast ${size.width}`).toEqual([]);

    // Offline, the toast also says where the change waits: a taller one, stacked on the first.
    await context.setOffline(true);
    await dialog.getByLabel('Add a comment').fill(`Checked offline at ${size.width}px`);
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    await page.getByText('Saved on this device. It will be sent when the connection returns.').waitFor();
    await settledToastBox(page);
    await screenshot(page, 'toast-over-dialog');
    expect(await toastsOverDialogTitle(page), `offline comment toast ${size.width}`).toEqual([]);
    await context.close();
  }
});
