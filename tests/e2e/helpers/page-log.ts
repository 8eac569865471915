import type { BrowserContext } from 'playwright-core';

const kept = 200;
const lines: string[] = [];

function keep(line: string) {
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > kept) lines.splice(0, lines.length - kept);
}

/**
 * Keeps the newest lines the pages and workers of a context log, and their uncaught errors: a test that
 * fails on a loaded machine prints them, since such a failure seldom comes again where it can be watched.
 */
export function keepPageLog(context: BrowserContext): void {
  context.on('console', (message) => keep(`${message.type()}: ${message.text()}`));
  context.on('weberror', (error) => keep(`uncaught: ${error.error().stack ?? error.error().message}`));
}

/** The lines kept since the last call, oldest first; the store starts afresh. */
export function takePageLog(): string[] {
  return lines.splice(0);
}
