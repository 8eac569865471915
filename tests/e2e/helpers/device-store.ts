import type { Page } from 'playwright-core';

/**
 * Every row of one store of the app's IndexedDB on that device, read without going through the app;
 * none while the app has not created its database yet (the read never creates it, nor holds it open,
 * which would keep the app from opening its own version).
 */
export function readDeviceStore<T>(
  page: Page,
  store: 'tickets' | 'machines' | 'permits' | 'parts' | 'outbox' | 'meta',
): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('imsp');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () =>
          open.error?.name === 'AbortError' ? resolve([]) : reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name).objectStore(name).getAll();
          request.onerror = () => reject(request.error ?? new Error('getAll failed'));
          request.onsuccess = () => {
            db.close();
            // Tickets are stored in blocks of a few records a row (src/client/data/store/blocks.ts).
            const rows = request.result as { records?: unknown[] }[];
            resolve((name === 'tickets' ? rows.flatMap((row) => row.records ?? [row]) : rows) as T[]);
          };
        };
      }),
    store,
  );
}
