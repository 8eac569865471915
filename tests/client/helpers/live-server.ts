import { createTestApp, machineInput, registerUser, type Account, type TestApp } from '../../server/helpers/app.ts';
import type { Transport } from '../../../src/client/data/transport.ts';
import type { Role } from '../../../src/shared/enums.ts';

/** The real server on a loopback port, for the offline core to talk to. */
export async function startLiveServer() {
  const t: TestApp = await createTestApp();
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    t,
    baseUrl: `${address}/api`,
    register: (role: Role): Promise<Account> => registerUser(t.app, role),
    async createMachine(account: Account) {
      const response = await t.app.inject({ method: 'POST', url: '/api/machines', headers: account.headers, payload: machineInput() });
      return response.json() as { _id: string; name: string; machineId: string; department: string; location: string };
    },
    close: () => t.close(),
  };
}

/**
 * The network between the device and the server: the only part faked here. It can be cut, can
 * lose responses after the server has handled the request, and records what was sent.
 */
export function createNetwork(baseUrl: string, getToken: () => string | null) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const network = {
    isDown: false,
    loseNextResponses: 0,
    sent,
    transport: {
      baseUrl,
      getToken,
      async fetch(url: string, init: RequestInit) {
        if (network.isDown) throw new TypeError('Failed to fetch');
        sent.push({ method: init.method ?? 'GET', url, body: init.body });
        const response = await fetch(url, init);
        if (network.loseNextResponses > 0) {
          network.loseNextResponses -= 1;
          throw new TypeError('Failed to fetch');
        }
        return response;
      },
    } satisfies Transport,
  };
  return network;
}
