import { CloudOff, RefreshCw, Wifi } from 'lucide-react';
import { useState } from 'react';
import { shareStored } from './download-progress.ts';
import { SyncPanel } from './SyncPanel.tsx';
import { useAllSentNotice } from './use-all-sent-notice.ts';
import { useIsOnline, useOutbox, useSyncStatus } from '#client/data/sync/use-sync.ts';

/**
 * Online/offline state and the number of unsent changes; opens the Sync panel. Offline shows as soon as
 * the browser loses its network, or a request finds no server, whichever comes first.
 */
export function SyncIndicator({ userId }: { userId: string }) {
  const status = useSyncStatus();
  const isOnline = useIsOnline();
  const entries = useOutbox(userId);
  const [isOpen, setOpen] = useState(false);
  useAllSentNotice(entries, isOnline);
  const failed = entries.filter((entry) => entry.state === 'failed').length;
  const tone =
    failed > 0
      ? 'bg-red-100 text-red-800'
      : isOnline
        ? 'bg-emerald-50 text-emerald-800'
        : 'bg-amber-100 text-amber-900';
  const Icon = isOnline ? (status.isPulling ? RefreshCw : Wifi) : CloudOff;
  // A first download cut off by the network says Offline, not a progress count that stands still.
  const download = isOnline ? status.download : null;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm font-medium ${tone}`}
        aria-label={`Sync: ${isOnline ? 'online' : 'offline'}, ${entries.length} unsent changes`}
      >
        <Icon aria-hidden="true" className={`size-4 ${isOnline && status.isPulling ? 'animate-spin' : ''}`} />
        {download ? (
          <span className="whitespace-nowrap">
            <span className="hidden sm:inline">Downloading plant data… </span>
            {shareStored(download)}
          </span>
        ) : (
          <span className="hidden sm:inline">{isOnline ? 'Online' : 'Offline'}</span>
        )}
        {entries.length > 0 && (
          <span className="rounded-full bg-surface/80 px-1.5 text-xs" data-testid="pending-count">
            {entries.length}
          </span>
        )}
      </button>
      <span aria-live="polite" className="sr-only">
        {isOnline ? '' : 'Offline: changes are saved on this device.'}
      </span>
      <SyncPanel open={isOpen} onClose={() => setOpen(false)} userId={userId} />
    </>
  );
}
