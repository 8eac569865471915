import { useEffect, useRef } from 'react';
import type { OutboxEntry } from '#client/data/store/db.ts';
import { notify } from '#client/lib/notify.ts';

/**
 * Says once, 'All changes sent', when changes that waited for the connection have all reached the
 * server: not per change, not when nothing waited, and not when the queue only emptied because the
 * person discarded what the server refused.
 */
export function useAllSentNotice(entries: OutboxEntry[], isOnline: boolean) {
  const waited = useRef(false);
  const hasWaiting = entries.some((entry) => !isOnline || entry.waitsForNetwork);
  const onlyRefused = entries.length > 0 && entries.every((entry) => entry.state === 'failed');
  const isEmpty = entries.length === 0;
  useEffect(() => {
    if (hasWaiting) waited.current = true;
    else if (onlyRefused) waited.current = false;
    else if (isEmpty && isOnline && waited.current) {
      waited.current = false;
      notify.success('All changes sent');
    }
  }, [hasWaiting, onlyRefused, isEmpty, isOnline]);
}
