import { beforeAll } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiAs } from './api.ts';
import type { RunningServer } from './server.ts';

/**
 * For tests of a ticket's or a schedule's own life, not of lockout: the demo machines' isolation
 * points are taken off before anyone signs in, so work starts without a permit to work
 * (tests/e2e/permits.test.ts keeps to the rule). Call after `useServerAndBrowser`.
 */
export function withoutIsolationPoints(e2e: { server: RunningServer }) {
  beforeAll(async () => {
    const admin = apiAs(() => e2e.server.url, 'admin');
    const machines = await admin<Machine[]>('machines');
    for (const machine of machines) await admin(`machines/${machine._id}`, 'PUT', { isolationPoints: [] });
  });
}
