import type { KyInstance } from 'ky';
import type { RequestInput, RequestMachine, RequestReceipt } from '#shared/schemas/request.ts';
import { ApiError } from '#client/lib/api.ts';
import { retryDelay } from '#client/data/outbox/backoff.ts';
import type { KioskDatabase, KioskRequest, WaitingPhoto } from './kiosk-db.ts';

/** How many sent requests the device keeps listing (a shared kiosk shows the last few, no more). */
const keptSent = 20;

/** Saves a request on the device at once; the sender takes it from there. */
export async function saveRequest(
  db: KioskDatabase,
  body: KioskRequest['body'],
  photo: WaitingPhoto | null,
  now = new Date(),
): Promise<void> {
  await db.requests.add({
    _id: body._id,
    body,
    photo,
    photoSent: false,
    savedAt: now.toISOString(),
    code: null,
    status: null,
    error: null,
    attempts: 0,
    nextAttemptAt: 0,
  });
}

/** Sends a refused request again (after the cause was dealt with, a machine list refreshed). */
export async function retryRequest(db: KioskDatabase, id: string): Promise<void> {
  await db.requests.update(id, { error: null, attempts: 0, nextAttemptAt: 0 });
}

export async function discardRequest(db: KioskDatabase, id: string): Promise<void> {
  await db.requests.delete(id);
}

/** Sent requests beyond the newest few are forgotten, with their photos. */
async function forgetOldSent(db: KioskDatabase) {
  const sent = (await db.requests.orderBy('savedAt').reverse().toArray()).filter((request) => request.code);
  await db.requests.bulkDelete(sent.slice(keptSent).map((request) => request._id));
}

function photoForm(photo: WaitingPhoto): FormData {
  const form = new FormData();
  form.append('_id', photo._id);
  form.append('file', photo.blob, photo.name);
  return form;
}

/**
 * Sends this device's waiting requests, one at a time and each exactly once: the photo, then the
 * request naming it, both under the device's own ids, so a send whose answer was lost is answered
 * the same code when sent again. Unreachable or told to wait (429), a request waits and is tried
 * again with backoff; refused, it keeps the server's message until the user retries or discards it.
 */
export function createKioskSender(db: KioskDatabase, api: KyInstance, deviceId: string, now = () => Date.now()) {
  const headers = { 'X-Device-Id': deviceId };
  let running: Promise<void> | null = null;

  async function sendOne(request: KioskRequest): Promise<'sent' | 'unreachable'> {
    try {
      if (request.photo && !request.photoSent) {
        await api.post('requests/photos', { body: photoForm(request.photo), headers });
        await db.requests.update(request._id, { photoSent: true });
      }
      const body: RequestInput = request.photo ? { ...request.body, photo: request.photo._id } : request.body;
      const receipt = await api.post('requests', { json: body, headers }).json<RequestReceipt>();
      await db.requests.update(request._id, { code: receipt.code, status: receipt.status, photo: null, error: null });
      return 'sent';
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const waits = error.isNetworkFailure || error.status === 429 || error.status >= 500;
      const attempts = request.attempts + 1;
      await db.requests.update(request._id, {
        attempts,
        nextAttemptAt: waits ? now() + retryDelay(attempts, error.retryAfter) : 0,
        error: waits ? null : error.message,
      });
      return error.isNetworkFailure ? 'unreachable' : 'sent';
    }
  }

  async function sendDue() {
    const waiting = (await db.requests.orderBy('savedAt').toArray()).filter(
      (request) => !request.code && !request.error && request.nextAttemptAt <= now(),
    );
    for (const request of waiting) {
      if ((await sendOne(request)) === 'unreachable') return;
    }
    await forgetOldSent(db);
  }

  return {
    /** Sends what is due; a call while a run is going joins that run. */
    run(): Promise<void> {
      running ??= sendDue().finally(() => (running = null));
      return running;
    },
    /** Everything waiting is due again at once (the connection came back). */
    async retryNow(): Promise<void> {
      await db.requests.filter((request) => !request.code && !request.error).modify({ nextAttemptAt: 0 });
      return this.run();
    },
  };
}

export type KioskSender = ReturnType<typeof createKioskSender>;

const byName = (a: RequestMachine, b: RequestMachine) => a.name.localeCompare(b.name);

/** The machines to choose from: fresh from the server when it answers, else the device's last copy. */
export async function loadMachines(db: KioskDatabase, api: KyInstance): Promise<RequestMachine[]> {
  try {
    const machines = (await api.get('requests/machines').json<RequestMachine[]>()).sort(byName);
    await db.transaction('rw', db.machines, async () => {
      await db.machines.clear();
      await db.machines.bulkPut(machines);
    });
    return machines;
  } catch (error) {
    // Refused (401 when requests need a sign-in): the caller says so. Unreachable: the last copy.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    return (await db.machines.toArray()).sort(byName);
  }
}
