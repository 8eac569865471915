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

it('stores the first page’s newest work before its machines, and brings that page again when stopped between them', async () => {
  await seedVolume(device.server.t.database, { machines: 10, tickets: 300, incidents: 30, years: 0.05 });
  const seen: { tickets: number; machines: number }[] = [];
  const closedBetween = async () => {
    seen.push({ tickets: await device.db.tickets.count(), machines: await device.db.machines.count() });
    throw new Error('the page was closed');
  };

  const stopped = pullChanges(device.db, device.network.transport, device.status, { beforeStore: closedBetween });
  await expect(stopped).rejects.toThrow('the page was closed');
  expect(seen.map(({ machines }) => machines)).toEqual([0]);
  expect(seen[0]!.tickets).toBeGreaterThan(0);

  device.network.sent.length = 0;
  expect(await pullChanges(device.db, device.network.transport, device.status)).toBeGreaterThanOrEqual(340);
  const firstAsked = device.network.sent.find(({ url }) => url.includes('/api/sync?'))!;
  expect(new URL(firstAsked.url, 'http://device').searchParams.get('mark')).toBeNull();
  expect(await device.db.machines.count()).toBeGreaterThanOrEqual(10);
  expect(await device.db.tickets.count()).toBeGreaterThanOrEqual(300);
});
