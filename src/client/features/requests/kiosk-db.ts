import { Dexie, type EntityTable } from 'dexie';
import type { RequestInput, RequestMachine } from '#shared/schemas/request.ts';
import type { RequestStatus } from '#shared/requests.ts';

export interface WaitingPhoto {
  _id: string;
  blob: Blob;
  name: string;
}

/**
 * A request made on this device: it waits here until the server has answered its code, then stays
 * as one of the device's recent requests (src/docs/work-requests.md). It holds no account.
 */
export interface KioskRequest {
  _id: string;
  body: RequestInput;
  photo: WaitingPhoto | null;
  /** The photo reached the server (it goes first; the request names it). */
  photoSent: boolean;
  savedAt: string;
  code: string | null;
  status: RequestStatus | null;
  /** The server refused it with this message: it stays, visible, until sent again or discarded. */
  error: string | null;
  attempts: number;
  nextAttemptAt: number;
}

/** Requests from this device and the machines to choose from, apart from any signed-in user's data. */
export class KioskDatabase extends Dexie {
  requests!: EntityTable<KioskRequest, '_id'>;
  machines!: EntityTable<RequestMachine, '_id'>;

  constructor(name = 'imsp-kiosk') {
    super(name);
    this.version(1).stores({ requests: '_id, savedAt', machines: '_id' });
  }
}

export const kioskDb = new KioskDatabase();
