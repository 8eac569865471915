import { AlertTriangle } from 'lucide-react';
import { Button } from '#client/components/ui/Button.tsx';
import { localDb } from '#client/data/store/db.ts';
import { syncEngine } from '#client/data/sync/sync-engine.ts';
import { discardEntry, retryEntry } from '#client/data/outbox/writes.ts';
import { useRefusedChanges } from './use-permits.ts';

/**
 * What the server refused on this permit, in its words ("Main breaker is already locked by Ann Lee
 * with lock 17"): the change stays on this device until it is sent again or discarded.
 */
export function RefusedChanges({ permitId }: { permitId: string }) {
  const refused = useRefusedChanges(permitId);
  if (refused.length === 0) return null;
  return (
    <ul className="space-y-2 print:hidden">
      {refused.map((entry) => (
        <li key={entry.id} role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="flex items-start gap-2 text-red-900">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="font-medium">Not accepted: {entry.label}.</span> {entry.error}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void retryEntry(localDb, entry).then(syncEngine.replayNow)}>
              Send again
            </Button>
            <Button variant="secondary" onClick={() => void discardEntry(localDb, entry)}>
              Discard
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
