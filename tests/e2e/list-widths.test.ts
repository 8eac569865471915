import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newContext, screenshot, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

const sizes = [
  { width: 800, height: 1280 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * In each visible row or card of the screen's lists: the pairs of its smallest visible pieces (texts,
 * badges, controls) whose boxes intersect. Nested pieces (an icon in a button) count as their control.
 */
function overlapsInRows(page: Page) {
  return page.evaluate(() => {
    const controls = 'select, input, button, textarea';
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden';
    };
    const pieces = (row: Element) =>
      [...row.querySelectorAll('*')].filter(
        (element) =>
          visible(element) &&
          !element.parentElement?.closest(controls) &&
          !element.closest('svg') &&
          (element.matches(controls) || (element.children.length === 0 && element.textContent?.trim())),
      );
    const found: [string, string][] = [];
    const rows = [...document.querySelectorAll('main tbody tr, main li')].filter(visible);
    for (const row of rows) {
      const boxes = pieces(row).map((element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        const text = (element.textContent ?? '').trim() || element.getAttribute('aria-label') || element.tagName;
        return { text, left, top, right, bottom } satisfies Box;
      });
      boxes.forEach((a, index) => {
        for (const b of boxes.slice(index + 1)) {
          const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (wide > 1 && high > 1) found.push([a.text, b.text]);
        }
      });
    }
    return { rows: rows.length, found };
  });
}

/** The filter bar's controls: pairs that intersect, and the search box's width. */
function filterBar(page: Page) {
  return page.evaluate(() => {
    const search = document.querySelector<HTMLInputElement>('main input[type=search]');
    if (!search) return null;
    const bar = search.closest('.rounded-xl')!;
    const boxes = [...bar.querySelectorAll('input, select, button')].map((element) => element.getBoundingClientRect());
    const overlapping = boxes.some((a, index) =>
      boxes
        .slice(index + 1)
        .some(
          (b) =>
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1,
        ),
    );
    return { overlapping, searchWidth: search.getBoundingClientRect().width };
  });
}

/** Record numbers shown cut off (wider than their box), and titles given less than 100 px. */
function cutNumbers(page: Page) {
  return page.evaluate(() => {
    const shown = (element: HTMLElement) => element.getBoundingClientRect().width > 0;
    const numbers = [...document.querySelectorAll<HTMLElement>('main .font-mono')].filter(shown);
    const cut = numbers.filter((number) => number.scrollWidth > number.clientWidth + 1).map((n) => n.textContent);
    const cells = [...document.querySelectorAll<HTMLElement>('main tbody tr td:first-child')].filter(shown);
    const narrow = cells.filter((cell) => cell.clientWidth < 100).map((cell) => cell.textContent);
    const overflowing = cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent);
    return { numbers: numbers.length, cut, narrow, overflowing };
  });
}

const screens = [
  { path: '/tickets', name: 'tickets', ready: 'Maintenance Tickets' },
  { path: '/incidents', name: 'incidents', ready: 'Safety Incidents' },
  { path: '/machines', name: 'machines', ready: 'Machines' },
  { path: '/maintenance', name: 'maintenance', ready: 'Preventive Maintenance', list: true },
  { path: '/', name: 'dashboard', ready: 'Dashboard' },
] as const;

it('fits every list screen at 800, 1024 and 1280 px: no overlaps, whole numbers, a usable search', async () => {
  for (const size of sizes) {
    const context = await newContext(e2e.browser, size);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'admin');
    for (const screen of screens) {
      await page.goto(`${e2e.server.url}${screen.path}`);
      await page.getByRole('heading', { name: screen.ready, exact: true }).waitFor();
      if ('list' in screen) await page.getByRole('button', { name: 'List', exact: true }).click();
      // Every screen lists records from the demo data once the first sync has brought them.
      await page.locator('main tbody tr, main li').first().waitFor();
      await screenshot(page, `list-widths-${screen.name}`);
      const where = `${screen.name} at ${size.width}x${size.height}`;

      const rows = await overlapsInRows(page);
      expect(rows.rows, where).toBeGreaterThan(0);
      expect(rows.found, where).toEqual([]);

      const bar = await filterBar(page);
      if (bar) {
        expect(bar.overlapping, where).toBe(false);
        expect(bar.searchWidth, where).toBeGreaterThanOrEqual(160);
      }

      const numbers = await cutNumbers(page);
      expect(numbers, where).toMatchObject({ cut: [], narrow: [], overflowing: [] });
    }
    await context.close();
  }
});
