import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  apiToken,
  firstSyncEnded,
  newContext,
  screenshot,
  screenSizes,
  sendOnceOnline,
  signIn,
  submitSignIn,
} from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

interface ToastReading {
  y: number;
  /** The visible controls of the page (top bar, sidebar, page header, filters, lists) the toast overlaps. */
  covered: string[];
  /** The shown toasts over the open dialog's title, if a dialog is open. */
  overDialogTitle: string[];
}

/**
 * Waits in the page until the newest shown toast has kept its place for five frames (its entry
 * animation, or a move aside when the top bar widens, is over), then reads in that same frame what it
 * covers. Read in the page, the reading does not depend on how fast the test's calls come back on a
 * loaded machine, which can outlast a toast's few seconds. Null when no toast settles within 5 s.
 */
function settledToast(page: Page): Promise<ToastReading | null> {
  return page.evaluate(
    () =>
      new Promise<ToastReading | null>((resolve) => {
        const overlaps = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const read = (toast: DOMRect): ToastReading => {
          const controls = document.querySelectorAll<HTMLElement>(
            ':is(button, a[href], select, input, textarea, [role=button])',
          );
          const title = document.querySelector('[data-modal] [role=dialog] h2')?.getBoundingClientRect();
          const toasts = [...document.querySelectorAll('[data-sonner-toast][data-mounted=true]')];
          return {
            y: toast.y,
            covered: [...controls]
              .filter((element) => element.offsetParent !== null && !element.closest('[data-sonner-toaster]'))
              .filter((element) => overlaps(element.getBoundingClientRect(), toast))
              .map((element) => (element.textContent || element.getAttribute('aria-label') || '').trim()),
            overDialogTitle: title
              ? toasts
                  .filter((one) => Number(getComputedStyle(one).opacity) > 0.1)
                  .filter((one) => overlaps(one.getBoundingClientRect(), title))
                  .map((one) => `${one.textContent} at ${one.getBoundingClientRect().top}, title at ${title.top}`)
              : [],
          };
        };
        const deadline = performance.now() + 5_000;
        let last = '';
        let stillFrames = 0;
        const frame = () => {
          const toast = document.querySelector('[data-sonner-toast][data-mounted=true]')?.getBoundingClientRect();
          const box = toast ? JSON.stringify(toast) : '';
          stillFrames = box && box === last ? stillFrames + 1 : 0;
          last = box;
          if (toast && stillFrames >= 5) resolve(read(toast));
          else if (performance.now() > deadline) resolve(null);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Whether a tap at the centre of the open dialog's Close button reaches it, whatever toasts show. */
function closeTakesTap(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const close = document.querySelector('[data-modal] [role=dialog] button[aria-label=Close]');
    const box = close?.getBoundingClientRect();
    return !!box && !!close?.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

/**
 * Moves the pointer onto the newest shown toast, which holds it open (sonner pauses toasts under the
 * pointer). Cheaper than a hover, which waits for the toast to stand still first. False when none shows.
 */
async function pointAtToast(page: Page): Promise<boolean> {
  const center = await page.evaluate(() => {
    const box = document.querySelector('[data-sonner-toast][data-mounted=true]')?.getBoundingClientRect();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  });
  if (center) await page.mouse.move(center.x, center.y);
  return center !== null;
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

// One test a screen size: each signs in and syncs afresh, which on a loaded machine is most of its time.
it.each(screenSizes)('shows toasts at the top where they cover no control at $width px', async (size) => {
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await submitSignIn(page, e2e.server.url, 'admin');
  // The pointer rests on the sign-in toast from when it shows, which keeps it open: on a loaded
  // machine the app can take longer than the toast's 4 s to come. The toast shows again as the app
  // replaces the sign-in form, and the first sync's progress widens the top bar and moves the toast
  // aside, so the pointer follows it at each reading, which is taken again until it has moved clear.
  await expect
    .poll(async () => ((await pointAtToast(page)) ? page.url() : 'no toast'), { interval: 100, timeout: 60_000 })
    .toBe(`${e2e.server.url}/`);
  let loginToast: ToastReading | null = null;
  const holdAndRead = async () => {
    await pointAtToast(page);
    return (loginToast = await settledToast(page));
  };
  await expect
    .poll(async () => (await holdAndRead())?.covered, {
      message: `dashboard ${size.width}`,
      timeout: 30_000,
    })
    .toEqual([]);
  expect(loginToast!.y, 'toasts sit at the top').toBeLessThan(80);
  await firstSyncEnded(page);

  for (const [path, showToast] of screens) {
    await page.goto(`${e2e.server.url}${path}`);
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await showToast(page);
    const shown = await settledToast(page);
    await screenshot(page, `toast${path.replace('/', '-')}`);
    expect(shown?.covered, `${path} ${size.width}`).toEqual([]);
  }
  await context.close();
});

// One device resized: the dialog's toasts need no fresh sign-in at each size.
it("shows toasts raised in a dialog clear of the dialog's title at every size", async () => {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/tickets?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [ticket] = ((await response.json()) as { tickets: { _id: string; ticketNumber: string }[] }).tickets;
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'admin');
  await firstSyncEnded(page);
  const dialog = page.getByRole('dialog', { name: ticket!.ticketNumber });
  for (const size of screenSizes) {
    await page.setViewportSize(size);
    await page.goto(`${e2e.server.url}/tickets?ticket=${ticket!._id}`);
    await dialog.getByLabel('Add a comment').waitFor({ timeout: 60_000 });
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });

    await dialog.getByLabel('Add a comment').fill(`Checked at ${size.width}px`);
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    expect((await settledToast(page))?.overDialogTitle, `comment toast ${size.width}`).toEqual([]);

    // Offline, the toast also says where the change waits: a taller one, stacked on the first.
    await context.setOffline(true);
    await dialog.getByLabel('Add a comment').fill(`Checked offline at ${size.width}px`);
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    await page.getByText('Saved on this device. It will be sent when the connection returns.').waitFor();
    const offline = await settledToast(page);
    await screenshot(page, 'toast-over-dialog');
    expect(offline?.overDialogTitle, `offline comment toast ${size.width}`).toEqual([]);

    // Saves in a row stack their toasts: the stack stays clear of the title and the Close button. Each
    // comment is typed as soon as the last is sent, often while it is still being saved: none is lost.
    const notes = ['valve', 'hose', 'seal'].map((part) => `Checked the ${part} at ${size.width}px`);
    for (const note of notes) {
      await dialog.getByLabel('Add a comment').fill(note);
      await dialog.getByRole('button', { name: 'Add Comment' }).click();
    }
    for (const note of notes) await dialog.getByText(note).waitFor();
    // The offline toast may have run its four seconds on a loaded machine; the three saves' stay.
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBeGreaterThanOrEqual(3);
    expect((await settledToast(page))?.overDialogTitle, `stacked toasts ${size.width}`).toEqual([]);
    expect(await closeTakesTap(page), `Close under stacked toasts ${size.width}`).toBe(true);
    await screenshot(page, 'toasts-stacked-over-dialog');
    await sendOnceOnline(page);
  }
  await context.close();
});
