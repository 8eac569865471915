import type { BrowserContext } from 'playwright-core';

/**
 * Holds the first sync's history scope: its first page is asked for and not answered until `release`,
 * so the first sync is in the middle of its download meanwhile.
 */
export async function holdHistory(context: BrowserContext) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { asked: false, release };
  await context.route(/\/api\/sync\?.*snapshot=history/, async (route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}
