import { AlertTriangle, Clock, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';
import { localDb, type OutboxEntry } from '#client/data/store/db.ts';
import { syncEngine } from '#client/data/sync/sync-engine.ts';
import { discardEntry, retryEntry } from '#client/data/outbox/writes.ts';
import { storedOfExpected, timeLeft } from './download-progress.ts';
import { useIsOnline, useOutbox, useStorageEstimate, useSyncStatus } from '#client/data/sync/use-sync.ts';
import { formatDateTime, formatTime } from '#client/lib/dates.ts';
import { formatCount } from '#client/lib/counts.ts';

const megabytes = (bytes: number | undefined) => `${((bytes ?? 0) / 1024 / 1024).toFixed(1)} MB`;

function EntryRow({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: (entry: OutboxEntry) => void }) {
  const isFailed = entry.state === 'failed';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{entry.label}</p>
        <p className="text-sm text-slate-500">Saved {formatDateTime(entry.clientTime)}</p>
        {isFailed && <p className="mt-1 text-sm text-red-700">{entry.error}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {isFailed ? (
          <Badge tone="red">Needs attention</Badge>
        ) : (
          <Badge tone="yellow">{entry.state === 'sending' ? 'Sending' : 'Pending'}</Badge>
        )}
        {isFailed && (
          <Button variant="secondary" onClick={() => void retryEntry(localDb, entry).then(syncEngine.replayNow)}>
            Retry
          </Button>
        )}
        <Button variant="ghost" onClick={() => onDiscard(entry)}>
          Discard
        </Button>
      </div>
    </li>
  );
}

/** Pending and failed changes of this device, with retry and discard, and what the device stores. */
export function SyncPanel({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const entries = useOutbox(userId);
  const status = useSyncStatus();
  const isOnline = useIsOnline();
  const estimate = useStorageEstimate();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const failed = entries.filter((entry) => entry.state === 'failed');
  const pending = entries.filter((entry) => entry.state !== 'failed');

  return (
    <Modal open={open} onClose={onClose} title="Sync" size="lg">
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <span>
            {isOnline ? 'Connected to the server.' : 'Offline: changes are saved on this device.'}{' '}
            {status.lastPulledAt && `Last synced ${formatTime(status.lastPulledAt)}.`}
            {status.isPulling &&
              !status.download &&
              ` Receiving updates… ${formatCount(status.pulledRecords)} records stored.`}
            {status.download && ` Downloading plant data: ${storedOfExpected(status.download)} stored`}
            {status.download && timeLeft(status.download) && `, ${timeLeft(status.download)}`}
            {status.download && '.'}
          </span>
          <Button variant="secondary" onClick={() => void syncEngine.replayNow().then(syncEngine.syncNow)}>
            <RefreshCw aria-hidden="true" className="size-4" /> Sync now
          </Button>
        </div>

        <section>
          <h3 className="flex items-center gap-2 font-semibold text-red-800">
            <AlertTriangle aria-hidden="true" className="size-4" /> Needs attention ({failed.length})
          </h3>
          {failed.length === 0 ? (
            <p className="py-2 text-sm text-slate-500">Nothing was refused by the server.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {failed.map((entry) => (
                <EntryRow key={entry.id} entry={entry} onDiscard={setDiscarding} />
              ))}
            </ul>
          )}
        </section>

        <section>
          <h3 className="flex items-center gap-2 font-semibold text-slate-800">
            <Clock aria-hidden="true" className="size-4" /> Waiting to be sent ({pending.length})
          </h3>
          {pending.length === 0 ? (
            <p className="py-2 text-sm text-slate-500">Every change has reached the server.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {pending.map((entry) => (
                <EntryRow key={entry.id} entry={entry} onDiscard={setDiscarding} />
              ))}
            </ul>
          )}
        </section>

        {estimate && (
          <p className="text-sm text-slate-500">
            This device stores {megabytes(estimate.usage)} of {megabytes(estimate.quota)} available for the portal.
          </p>
        )}
      </div>

      <ConfirmDialog
        open={discarding !== null}
        title="Discard this change?"
        confirmLabel="Discard change"
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void discardEntry(localDb, discarding);
          setDiscarding(null);
        }}
      >
        "{discarding?.label}" will not be sent, and the record goes back to what the server last confirmed.
      </ConfirmDialog>
    </Modal>
  );
}
