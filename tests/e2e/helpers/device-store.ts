import type { Page } from 'playwright-core';

/** Every row of one store of the app's IndexedDB on that device, read without going through the app. */
export function readDeviceStore<T>(page: Page, store: 'tickets' | 'machines' | 'permits' | 'outbox' | 'meta'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('imsp');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(name).objectStore(name).getAll();
          request.onerror = () => reject(request.error ?? new Error('getAll failed'));
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
        };
      }),
    store,
  );
}
