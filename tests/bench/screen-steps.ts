/** The screen work of a run, with the app's own labels (as in tests/e2e): what a user does on a shift. */
import type { Page } from 'playwright-core';
import { timeAction } from './screen-timing.ts';

interface ListScreen {
  nav: string;
  search: string;
  /** Its first key is the single keystroke; the whole word is typed at `keyDelayMs`. */
  word: string;
  filter: { label: string; value: string };
  /** Whether it shows ten records to a page (Machines shows every card). */
  paged: boolean;
}

const screens = {
  tickets: {
    nav: 'Tickets',
    search: 'Search tickets',
    word: 'pump',
    filter: { label: 'Status', value: 'In Progress' },
    paged: true,
  },
  incidents: {
    nav: 'Incidents',
    search: 'Search incidents',
    word: 'near',
    filter: { label: 'Status', value: 'Under Investigation' },
    paged: true,
  },
  machines: {
    nav: 'Machines',
    search: 'Search machines',
    word: 'line',
    filter: { label: 'Department', value: 'Smelting' },
    paged: false,
  },
} satisfies Record<string, ListScreen>;

/** A quick typist on a tablet's screen keyboard. */
const keyDelayMs = 120;

export const listSteps = ['open', 'keystroke', 'word', 'filter', 'next page'] as const;
type ListStep = (typeof listSteps)[number];
/** A step a screen does not have (next page on Machines) is left out. */
export type ScreenTimings = Partial<Record<`${keyof typeof screens} ${ListStep}`, number>> & {
  'dashboard numbers': number;
};

async function timeListScreen(page: Page, screen: ListScreen, throttle: number) {
  const main = page.getByRole('main');
  const options = { quietMs: 1000 * Math.max(1, throttle / 2), timeoutMs: 60_000 * throttle };
  const settle = (action: () => Promise<unknown>) => timeAction(page, 'settled', action, options);
  const search = main.getByLabel(screen.search);
  const filter = main.getByRole('combobox', { name: screen.filter.label, exact: true });
  const listPages = main.getByRole('navigation', { name: 'Pagination' }).first();

  const open = await timeAction(
    page,
    'rows',
    () => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen.nav }).click(),
    options,
  );
  await page.waitForTimeout(options.quietMs);
  const filterChange = await settle(() => filter.selectOption(screen.filter.value));
  await settle(() => filter.selectOption(''));
  let nextPage: number | undefined;
  if (screen.paged) {
    nextPage = await settle(() => listPages.getByRole('button', { name: 'Next' }).click());
    await settle(() => listPages.getByRole('button', { name: 'Previous' }).click());
  }
  const keystroke = await settle(() => search.press(screen.word[0]!));
  await settle(() => search.fill(''));
  const word = await settle(() => search.pressSequentially(screen.word, { delay: keyDelayMs }));
  await settle(() => search.fill(''));
  return { open, keystroke, word, filter: filterChange, 'next page': nextPage } satisfies Record<
    ListStep,
    number | undefined
  >;
}

/** Opens each list screen from the sidebar and works it, then goes back to the dashboard. */
export async function screenTimings(page: Page, throttle: number): Promise<ScreenTimings> {
  const timings: Partial<Record<`${keyof typeof screens} ${ListStep}`, number>> = {};
  for (const [name, screen] of Object.entries(screens)) {
    const times = await timeListScreen(page, screen, throttle);
    for (const step of listSteps) {
      if (times[step] !== undefined) timings[`${name as keyof typeof screens} ${step}`] = times[step];
    }
  }
  const dashboard = await timeAction(page, 'numbers', () =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click(),
  );
  return { ...timings, 'dashboard numbers': dashboard };
}
