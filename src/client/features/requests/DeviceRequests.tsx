import { Link } from '@tanstack/react-router';
import { Button } from '#client/components/ui/Button.tsx';
import { formatDateTime } from '#client/lib/dates.ts';
import { kioskDb } from './kiosk-db.ts';
import { discardRequest, retryRequest } from './kiosk-outbox.ts';
import { progressOf } from './request-progress.ts';
import { kioskSender, useDeviceRequests } from './use-kiosk.ts';

const toneClasses = { waiting: 'text-orange-800', sent: 'text-green-800', refused: 'text-red-700' };

/** The last requests made on this device: waiting, sent with their codes, or refused with a way out. */
export function DeviceRequests() {
  const requests = useDeviceRequests();
  if (!requests?.length) return null;
  return (
    <section aria-labelledby="device-requests" className="rounded-xl border border-slate-200 bg-surface">
      <h2 id="device-requests" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        Reports from this device
      </h2>
      <ul className="divide-y divide-slate-200">
        {requests.map((request) => {
          const progress = progressOf(request);
          return (
            <li key={request._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{request.body.description}</p>
                <p className="text-xs text-slate-600">
                  {request.body.kind === 'hazard' ? 'Near miss or hazard' : 'Repair'} ·{' '}
                  {formatDateTime(request.savedAt)}
                </p>
                <p className={`text-sm ${toneClasses[progress.tone]}`}>{progress.label}</p>
              </div>
              {request.code && (
                <Link
                  to="/request/status/$code"
                  params={{ code: request.code }}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                >
                  Status
                </Link>
              )}
              {request.error && (
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => void retryRequest(kioskDb, request._id).then(() => kioskSender().run())}
                  >
                    Send again
                  </Button>
                  <Button variant="ghost" onClick={() => void discardRequest(kioskDb, request._id)}>
                    Discard
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
