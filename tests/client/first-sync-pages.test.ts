import { expect, it } from 'vitest';
import { pullChanges } from '#client/data/sync/pull.ts';
import { seedVolume } from '#server/seed/volume.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');

it('asks for few records first, then a thousand while the screens read, then the full pages', async () => {
  // A plant of the last weeks: every record is in the device's working set.
  await seedVolume(device.server.t.database, { machines: 10, tickets: 3000, incidents: 300, years: 0.05 });

  const received = await pullChanges(device.db, device.network.transport, device.status);

  const limits = device.network.sent
    .filter(({ url }) => url.includes('/api/sync?') && url.includes('snapshot='))
    .map(({ url }) => Number(new URL(url).searchParams.get('limit')));
  expect(limits.slice(0, 3)).toEqual([200, 1000, 1000]);
  expect(new Set(limits.slice(3))).toEqual(new Set([5000]));
  expect(received).toBeGreaterThanOrEqual(3300);
  expect(await device.db.tickets.count()).toBeGreaterThanOrEqual(3000);
});
