import { newId } from '#shared/ids.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { api } from '#client/lib/api.ts';
import { kioskDb } from './kiosk-db.ts';
import { createKioskSender, loadMachines } from './kiosk-outbox.ts';

const deviceKey = 'imsp-device-id';

/** This browser's own id, sent as X-Device-Id so the server can count its requests; never stored there. */
function deviceId(): string {
  let id = localStorage.getItem(deviceKey);
  if (!id) {
    id = newId();
    localStorage.setItem(deviceKey, id);
  }
  return id;
}

let sender: ReturnType<typeof createKioskSender> | null = null;
export const kioskSender = () => (sender ??= createKioskSender(kioskDb, api, deviceId()));

const retryEveryMs = 30_000;

/** While the request page is open: sends what waits now, when the network returns, and every 30 s. */
export function useKioskSending(): void {
  useEffect(() => {
    const send = () => void kioskSender().run();
    const reconnect = () => void kioskSender().retryNow();
    send();
    window.addEventListener('online', reconnect);
    const timer = window.setInterval(send, retryEveryMs);
    return () => {
      window.removeEventListener('online', reconnect);
      window.clearInterval(timer);
    };
  }, []);
}

/** The requests made on this device, newest first. */
export const useDeviceRequests = () =>
  useLiveQuery(async () => await kioskDb.requests.orderBy('savedAt').reverse().toArray(), []);

export const useDeviceRequest = (id: string) => useLiveQuery(async () => await kioskDb.requests.get(id), [id]);

export function useRequestMachines() {
  return useQuery({
    queryKey: ['request-machines'],
    queryFn: () => loadMachines(kioskDb, api),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
