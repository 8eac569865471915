import { CloudOff } from 'lucide-react';
import { formatDateTime } from '#client/lib/dates.ts';

/** Offline the screen shows the figures last loaded on this device, and says how old they are. */
export function OfflineFigures({ loadedAt }: { loadedAt: number | null }) {
  return (
    <p className="mb-4 flex items-center gap-2 text-sm text-amber-800" data-testid="offline-figures">
      <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      {loadedAt === null ? (
        'Offline: no figures have been loaded on this device yet.'
      ) : (
        <span>
          Offline: figures as of <time dateTime={new Date(loadedAt).toISOString()}>{formatDateTime(loadedAt)}</time>
        </span>
      )}
    </p>
  );
}
