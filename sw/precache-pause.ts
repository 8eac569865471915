import type { WorkboxPlugin } from 'workbox-core';
import { isDownloadMessage } from '#shared/download-message.ts';

declare const self: ServiceWorkerGlobalScope;

/** The pages (client ids) downloading a snapshot. */
const downloading = new Set<string>();
/** However long downloads run, an install waits this long in all: the app must become available offline. */
const longestPause = 120_000;
const checkEvery = 250;
let pausedUntil: number | undefined;

/** Notes a page's download starting or ending; answers whether the message was one. */
export function noteDownload(event: ExtendableMessageEvent): boolean {
  if (!isDownloadMessage(event.data) || !(event.source instanceof Client)) return false;
  if (event.data.downloading) downloading.add(event.source.id);
  else downloading.delete(event.source.id);
  return true;
}

async function noPageDownloading(): Promise<void> {
  if (downloading.size === 0) return;
  pausedUntil ??= Date.now() + longestPause;
  while (downloading.size > 0 && Date.now() < pausedUntil) {
    await new Promise((resolve) => setTimeout(resolve, checkEvery));
    // A page closed in the middle of its download never says it ended.
    for (const id of downloading) if (!(await self.clients.get(id))) downloading.delete(id);
  }
}

/**
 * An install fetches the precache one file at a time. While a page downloads a snapshot, the next
 * file waits: the device's CPU and the plant's Wi-Fi go to the newest work first, the precache after
 * it (src/docs/offline-sync.md). Fetches for a page (a precached file missing from the cache) never wait.
 */
export const pauseWhileDownloading: WorkboxPlugin = {
  requestWillFetch: async ({ request, event }) => {
    if (event.type === 'install') await noPageDownloading();
    return request;
  },
};
