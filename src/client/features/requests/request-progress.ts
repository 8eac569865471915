import type { KioskRequest } from './kiosk-db.ts';

/** Where a request made on this device stands, in words, before the server's status page takes over. */
export function progressOf(request: KioskRequest): { label: string; tone: 'waiting' | 'sent' | 'refused' } {
  if (request.error) return { label: `Not sent: ${request.error}`, tone: 'refused' };
  if (!request.code) return { label: 'Waiting to be sent: it goes as soon as the network is back', tone: 'waiting' };
  return { label: `Sent: tracking code ${request.code}`, tone: 'sent' };
}
