import { createTestApp, machineInput, registerUser, type Account, type TestApp } from '../../server/helpers/app.ts';
import type { Transport } from '#client/lib/api.ts';
import type { Role } from '#shared/enums.ts';

/** The real server on a loopback port, for the offline core to talk to. */
export async function startLiveServer(env: Record<string, string> = {}) {
  const t: TestApp = await createTestApp(env);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    t,
    baseUrl: `${address}/api`,
    register: (role: Role): Promise<Account> => registerUser(t.app, role),
    async createMachine(account: Account) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/machines',
        headers: account.headers,
        payload: machineInput(),
      });
      return response.json<{ _id: string; name: string; machineId: string; department: string; location: string }>();
    },
    close: () => t.close(),
  };
}

/** A response the server has given that the network holds back until released. */
export interface HeldResponse {
  /** Resolves once the server has answered (the answer reflects the server as it was then). */
  answered: Promise<void>;
  release(): void;
}

function holdResponse() {
  let answer!: () => void;
  let release!: () => void;
  const held = {
    answered: new Promise<void>((resolve) => (answer = resolve)),
    released: new Promise<void>((resolve) => (release = resolve)),
  };
  return { answer, held: { answered: held.answered, release }, released: held.released };
}

/** The request with a body that stops after its first half and never ends. */
async function halfSent(request: Request): Promise<Request> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(bytes.subarray(0, bytes.length / 2)),
  });
  // Node's fetch needs `duplex` for a streamed body; the DOM typings do not know it.
  const init = { method: request.method, headers: request.headers, body, duplex: 'half' };
  return new Request(request.url, init);
}

/**
 * The network between the device and the server: the only part faked here. It can be cut, can
 * lose responses after the server has handled the request, can hold a response back (a slow
 * answer), can stop a request's body halfway (a stalled upload), and records what was sent.
 */
export function createNetwork(baseUrl: string, getToken: () => string | null) {
  const sent: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  const holds: { path: string; hold: ReturnType<typeof holdResponse> }[] = [];
  const stalls: string[] = [];
  const network = {
    isDown: false,
    loseNextResponses: 0,
    sent,
    /** Holds back the server's answer to the next request whose URL contains `path`. */
    holdNext(path: string): HeldResponse {
      const hold = holdResponse();
      holds.push({ path, hold });
      return hold.held;
    },
    /** The next request whose URL contains `path` sends its headers and half its body, then nothing more. */
    stallNextBody(path: string) {
      stalls.push(path);
    },
    transport: {
      baseUrl,
      getToken,
      async fetch(input: RequestInfo | URL, init?: RequestInit) {
        const made = new Request(input, init);
        // Read even when it goes nowhere: undici fails on a form's body stream left half read.
        const bytes = made.body ? new Uint8Array(await made.arrayBuffer()) : null;
        if (network.isDown) throw new TypeError('Failed to fetch');
        const { method, url, headers } = made;
        sent.push({ method, url, body: bytes && new TextDecoder().decode(bytes), headers });
        const request = new Request(url, { method, headers, body: bytes, signal: made.signal });
        const held = holds.findIndex((candidate) => url.includes(candidate.path));
        const hold = held >= 0 ? holds.splice(held, 1)[0]!.hold : null;
        const stalled = stalls.findIndex((candidate) => url.includes(candidate));
        if (stalled >= 0) stalls.splice(stalled, 1);
        const response = await fetch(stalled >= 0 ? await halfSent(request) : request);
        if (hold) {
          const body = await response.arrayBuffer();
          hold.answer();
          await hold.released;
          return new Response(body, { status: response.status, headers: response.headers });
        }
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
