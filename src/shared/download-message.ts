/**
 * What the page tells the service worker while a snapshot downloads (a first sync, or the records a
 * longer window adds): its install's precache waits until no page is downloading (sw/precache-pause.ts).
 */
export interface DownloadMessage {
  type: 'downloading';
  downloading: boolean;
}

export const downloadMessage = (downloading: boolean): DownloadMessage => ({ type: 'downloading', downloading });

export const isDownloadMessage = (data: unknown): data is DownloadMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'downloading' &&
  typeof (data as { downloading?: unknown }).downloading === 'boolean';
