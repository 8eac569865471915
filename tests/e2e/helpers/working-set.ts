import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The window this device keeps, as stored (Dexie's `meta` table of the `imsp` database). */
function storedWindowDays(page: Page) {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('imsp');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get('windowDays');
          read.onsuccess = () => {
            resolve((read.result as { value?: unknown } | undefined)?.value);
            open.result.close();
          };
        };
      }),
  );
}

/**
 * Makes the signed-in device keep a year of closed records (Profile, This Device), which is the whole
 * demo plant: for tests that compare the device's lists with the server's. Ends on `path`.
 */
export async function keepYearOfHistory(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/profile`);
  await page.getByLabel('Keep closed records on this device for').selectOption('365');
  // Leaving the page before the setting is stored would lose it.
  await expect.poll(() => storedWindowDays(page)).toBe(365);
  await page.goto(`${baseUrl}${path}`);
}
