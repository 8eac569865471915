import { afterEach, expect, it, vi } from 'vitest';
import { workerPuller } from '#client/data/sync/pull-in-worker.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');

/** The browser's worker whose script did not load: it reports an error and runs nothing. */
class WorkerThatFailsToLoad {
  static started = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    WorkerThatFailsToLoad.started += 1;
    setTimeout(() => this.onerror?.(new Event('error')));
  }
  postMessage() {}
  terminate() {}
}

afterEach(() => vi.unstubAllGlobals());

it('pulls and reads the whole lists on the page when the worker cannot run, and does not start it again', async () => {
  vi.stubGlobal('Worker', WorkerThatFailsToLoad);
  const machine = await device.server.createMachine(device.admin);
  const puller = workerPuller();

  expect(await puller.pull(device.db, device.network.transport, device.status)).toBeGreaterThan(0);
  expect(await device.db.machines.get(machine._id)).toMatchObject({ _id: machine._id });
  await puller.readWholeLists(device.db, device.network.transport);
  expect(await puller.pull(device.db, device.network.transport, device.status)).toBe(0);
  expect(WorkerThatFailsToLoad.started).toBe(1);
});
