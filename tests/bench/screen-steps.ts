/** The screen work of a run, with the app's own labels (as in tests/e2e): what a user does on a shift. */
import type { Page } from 'playwright-core';
import { timeAction } from './screen-timing.ts';

interface ListScreen {
  nav: string;
  search: string;
  /** Its first key is the single keystroke; the whole word is typed at `keyDelayMs`. */
  word: string;
  status: string;
}

const screens = {
  tickets: { nav: 'Tickets', search: 'Search tickets', word: 'pump', status: 'In Progress' },
  incidents: { nav: 'Incidents', search: 'Search incidents', word: 'near', status: 'Under Investigation' },
} satisfies Record<string, ListScreen>;

/** A quick typist on a tablet's screen keyboard. */
const keyDelayMs = 120;

export const listSteps = ['open', 'keystroke', 'word', 'status filter', 'next page'] as const;
type ListStep = (typeof listSteps)[number];
export type ScreenTimings = Record<`${keyof typeof screens} ${ListStep}` | 'dashboard numbers', number>;

async function timeListScreen(page: Page, screen: ListScreen, throttle: number) {
  const main = page.getByRole('main');
  const options = { quietMs: 1000 * Math.max(1, throttle / 2), timeoutMs: 60_000 * throttle };
  const settle = (action: () => Promise<unknown>) => timeAction(page, 'settled', action, options);
  const search = main.getByLabel(screen.search);
  const status = main.getByRole('combobox', { name: 'Status', exact: true });
  const listPages = main.getByRole('navigation', { name: 'Pagination' }).first();

  const open = await timeAction(
    page,
    'rows',
    () => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen.nav }).click(),
    options,
  );
  await page.waitForTimeout(options.quietMs);
  const statusFilter = await settle(() => status.selectOption(screen.status));
  await settle(() => status.selectOption(''));
  const nextPage = await settle(() => listPages.getByRole('button', { name: 'Next' }).click());
  await settle(() => listPages.getByRole('button', { name: 'Previous' }).click());
  const keystroke = await settle(() => search.press(screen.word[0]!));
  await settle(() => search.fill(''));
  const word = await settle(() => search.pressSequentially(screen.word, { delay: keyDelayMs }));
  await settle(() => search.fill(''));
  return { open, keystroke, word, 'status filter': statusFilter, 'next page': nextPage } satisfies Record<
    ListStep,
    number
  >;
}

/** Opens each list screen from the sidebar and works it, then goes back to the dashboard. */
export async function screenTimings(page: Page, throttle: number): Promise<ScreenTimings> {
  const timings: Partial<ScreenTimings> = {};
  for (const [name, screen] of Object.entries(screens)) {
    const times = await timeListScreen(page, screen, throttle);
    for (const step of listSteps) timings[`${name as keyof typeof screens} ${step}`] = times[step];
  }
  timings['dashboard numbers'] = await timeAction(page, 'numbers', () =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click(),
  );
  return timings as ScreenTimings;
}
