/**
 * Times a user's action on a screen in the page itself: from the first input event the action fires
 * (keydown, pointerdown, input, change) to the frame after the list showed its answer. Lists are read from
 * `main`, leaving out the "older on the server" section, which answers from the network.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** When an action counts as answered: the list's first rows, the dashboard's numbers, or the list settled. */
export type Outcome = 'rows' | 'numbers' | 'settled';

interface Probe {
  longTasks: { start: number; duration: number }[];
  /** Long animation frames with the scripts that ran in them, to tell what a long task was. */
  frames: { start: number; duration: number; scripts: string }[];
  start?: number;
  changes: { at: number; isReady: boolean }[];
  observer?: MutationObserver;
}
type ProbeWindow = Window & { __bench: Probe };

/** Every document of the context records its long tasks from the start. */
export async function installProbe(context: BrowserContext) {
  await context.addInitScript(() => {
    const probe: Probe = { longTasks: [], frames: [], changes: [] };
    (window as unknown as ProbeWindow).__bench = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    type Script = { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { scripts: Script[] })[]) {
        const scripts = entry.scripts
          .filter((script) => script.duration >= 20)
          .map((script) => {
            const file = script.sourceURL.split('/').pop();
            return `${script.invoker} ${file}:${script.sourceFunctionName} ${Math.round(script.duration)} ms`;
          })
          .join('; ');
        probe.frames.push({ start: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
}

/** Starts watching the list before the action, so its first event and every change are seen. */
function arm(page: Page, outcome: Outcome) {
  return page.evaluate((outcome) => {
    const probe = (window as unknown as ProbeWindow).__bench;
    const main = () => document.querySelector('main') ?? document.body;
    const older = () => main().querySelector('[data-testid="older-on-server"]');
    const listText = () => (main().textContent ?? '').replace(older()?.textContent ?? '', '');
    const isReady = {
      rows: () =>
        [...main().querySelectorAll('tbody tr, article')].some((row) => !older()?.contains(row)) ||
        /No \w+ found/.test(listText()),
      numbers: () =>
        [...main().querySelectorAll('[role="group"]')].some((card) =>
          /^Open Tickets\s*\d/.test(card.textContent ?? ''),
        ),
      settled: () => true,
    }[outcome];
    probe.start = undefined;
    probe.changes = [];
    const onInput = () => (probe.start ??= performance.now());
    for (const type of ['keydown', 'pointerdown', 'input', 'change']) {
      document.addEventListener(type, onInput, { capture: true, once: true });
    }
    let last = listText();
    probe.observer?.disconnect();
    probe.observer = new MutationObserver(() => {
      const text = listText();
      if (text === last) return;
      last = text;
      const ready = isReady();
      requestAnimationFrame(() => probe.changes.push({ at: performance.now(), isReady: ready }));
    });
    probe.observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, outcome);
}

/**
 * Milliseconds from the action's first event to the list's answer: the first ready frame, or for
 * 'settled' the last change before `quietMs` without any. NaN when nothing came within `timeoutMs`.
 */
export async function timeAction(
  page: Page,
  outcome: Outcome,
  action: () => Promise<unknown>,
  { quietMs = 1500, timeoutMs = 60_000 } = {},
): Promise<number> {
  await arm(page, outcome);
  await action();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { start, changes, now } = await page.evaluate(() => {
      const probe = (window as unknown as ProbeWindow).__bench;
      return { start: probe.start, changes: probe.changes, now: performance.now() };
    });
    // Changes before the action's first event belong to the screen's previous work.
    const after = changes.filter((change) => start !== undefined && change.at >= start);
    const ready = after.find((change) => change.isReady);
    const last = after.at(-1);
    if (start !== undefined && outcome !== 'settled' && ready) return ready.at - start;
    if (start !== undefined && outcome === 'settled' && last && now - last.at >= quietMs) return last.at - start;
    if (Date.now() > deadline) return Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The longest task of the page that started at or after `sinceEpochMs`, in ms. */
export function longestTaskSince(
  page: Page,
  sinceEpochMs: number,
): Promise<{ longestTaskMs: number; longestFrameScripts: string }> {
  return page.evaluate((since) => {
    const { longTasks, frames } = (window as unknown as ProbeWindow).__bench;
    const after = <T extends { start: number }>(entries: T[]) =>
      entries.filter((entry) => performance.timeOrigin + entry.start >= since);
    const longestFrame = after(frames).sort((a, b) => b.duration - a.duration)[0];
    return {
      longestTaskMs: Math.max(0, ...after(longTasks).map((task) => task.duration)),
      longestFrameScripts: longestFrame ? `${Math.round(longestFrame.duration)} ms: ${longestFrame.scripts}` : '',
    };
  }, sinceEpochMs);
}
