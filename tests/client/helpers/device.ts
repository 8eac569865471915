import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';
import { createReplayer, type ReplayerOptions } from '#client/data/outbox/replayer.ts';
import { createSyncStatus, type SyncStatusStore } from '#client/data/sync/sync-status.ts';
import type { Role } from '#shared/enums.ts';
import type { Account } from '../../server/helpers/app.ts';
import { createNetwork, startLiveServer } from './live-server.ts';

export interface LiveDevice {
  server: Awaited<ReturnType<typeof startLiveServer>>;
  /** Who uses the device. */
  account: Account;
  /** Another account, to look at what reached the server. */
  admin: Account;
  /** Fresh for each test: the device's own database, network and sync status. */
  db: LocalDatabase;
  network: ReturnType<typeof createNetwork>;
  status: SyncStatusStore;
  /** The token the device sends (the account's; a test may spoil it). */
  token: string | null;
  /** The account as the change builders take it. */
  user: () => { _id: string; name: string };
  /** The Web Lock its tabs share (`navigator.locks` is one per process in Node). */
  lockName: () => string;
  /** A replayer of this device for the account, without jitter. */
  replayer: (overrides?: Partial<ReplayerOptions>) => ReturnType<typeof createReplayer>;
  /** A GET as the admin straight to the server (`/api/...`): what reached it. */
  adminGet: (url: string) => Promise<LightMyRequestResponse>;
  /**
   * Sends the outbox's `waiting` changes: first with the network down (they stay), then back up with
   * the first answer lost on its way back (sent again), until the outbox is empty.
   */
  sendThroughALostAnswer: (waiting: number) => Promise<void>;
}

/**
 * The setup of a test file of the offline core: the real server with an account of `role` and an admin
 * for the whole file, and a fresh device for each test.
 */
export function useLiveDevice(role: Role, serverEnv: Record<string, string> = {}): LiveDevice {
  const device = {
    user: () => ({ _id: device.account._id, name: device.account.name }),
    lockName: () => `imsp-replay-${device.db.name}`,
    replayer: (overrides = {}) =>
      createReplayer({
        db: device.db,
        transport: device.network.transport,
        status: device.status,
        getUserId: () => device.account._id,
        random: () => 0,
        // One lock per device, as one browser profile has: test files run side by side in one process.
        lockName: device.lockName(),
        ...overrides,
      }),
    adminGet: (url) => device.server.t.app.inject({ url, headers: device.admin.headers }),
    async sendThroughALostAnswer(waiting) {
      const replay = device.replayer();
      device.network.isDown = true;
      await replay.run();
      expect(await device.db.outbox.count()).toBe(waiting);
      device.network.isDown = false;
      device.network.loseNextResponses = 1;
      await replay.reconnected();
      await replay.retryNow();
      replay.stop();
      expect(await device.db.outbox.count()).toBe(0);
    },
  } as LiveDevice;

  beforeAll(async () => {
    device.server = await startLiveServer(serverEnv);
    [device.account, device.admin] = await Promise.all([device.server.register(role), device.server.register('admin')]);
  });
  afterAll(() => device.server.close());
  beforeEach(() => {
    device.db = new LocalDatabase(`test-${crypto.randomUUID()}`);
    device.token = device.account.token;
    device.network = createNetwork(device.server.baseUrl, () => device.token);
    device.status = createSyncStatus();
  });
  return device;
}
