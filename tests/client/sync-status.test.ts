import { expect, it } from 'vitest';
import { createSyncStatus } from '#client/data/sync/sync-status.ts';

it('tells its listeners of a change only, so that a first sync does not draw its screens again at each page', () => {
  const status = createSyncStatus({ isOnline: true });
  let heard = 0;
  status.subscribe(() => (heard += 1));
  const before = status.get();
  status.set({ isOnline: true, needsSignIn: false });
  expect(heard).toBe(0);
  expect(status.get()).toBe(before);
  status.set({ isOnline: true, pulledRecords: 500 });
  expect(heard).toBe(1);
  expect(status.get()).toMatchObject({ isOnline: true, pulledRecords: 500 });
  // A progress object is new each time: it always counts as a change.
  status.set({ download: { stored: 500, expected: 0, perSecond: null } });
  status.set({ download: { stored: 500, expected: 0, perSecond: null } });
  expect(heard).toBe(3);
});
