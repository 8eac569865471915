import type { DownloadProgress } from '#client/data/sync/sync-status.ts';
import { formatCount } from '#client/lib/counts.ts';

/** "1,200 of about 15,000 records": what a snapshot has stored, against what the server counted. */
export function storedOfExpected({ stored, expected }: DownloadProgress): string {
  return expected > stored
    ? `${formatCount(stored)} of about ${formatCount(expected)} records`
    : `${formatCount(stored)} records`;
}

/** "about 20 s left", once the pace is known. */
export function timeLeft({ stored, expected, perSecond }: DownloadProgress): string | null {
  if (!perSecond || expected <= stored) return null;
  const seconds = Math.ceil((expected - stored) / perSecond);
  return seconds < 90 ? `about ${seconds} s left` : `about ${Math.round(seconds / 60)} min left`;
}

/** "38%" of what the snapshot brings (or the records stored while the total is not known): short enough for the pill. */
export function shareStored({ stored, expected }: DownloadProgress): string {
  return expected > 0 ? `${Math.min(99, Math.floor((stored / expected) * 100))}%` : formatCount(stored);
}
