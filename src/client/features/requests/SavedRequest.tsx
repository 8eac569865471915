import { Link } from '@tanstack/react-router';
import { CheckCircle2, CloudOff } from 'lucide-react';
import { Button } from '#client/components/ui/Button.tsx';
import { useDeviceRequest } from './use-kiosk.ts';

/** After a request is saved: its tracking code once the server gave one, or that it waits to be sent. */
export function SavedRequest({ id, onAnother }: { id: string; onAnother: () => void }) {
  const request = useDeviceRequest(id);
  const isHazard = request?.body.kind === 'hazard';
  return (
    <section role="status" className="rounded-xl border border-slate-200 bg-surface p-6 text-center">
      {request?.code ? (
        <>
          <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-green-600" />
          <h1 className="mt-3 text-xl font-bold text-slate-900">
            {isHazard ? 'Thank you: the safety team has your report' : 'Your request was sent'}
          </h1>
          <p className="mt-4 text-sm text-slate-600">Tracking code</p>
          <p className="font-mono text-4xl font-bold tracking-[0.3em] text-slate-900" data-testid="tracking-code">
            {request.code}
          </p>
          <p className="mt-2 text-sm text-slate-600">Note it, or photograph this screen, to check on it later.</p>
          <Link
            to="/request/status/$code"
            params={{ code: request.code }}
            className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            See where it stands
          </Link>
        </>
      ) : (
        <>
          <CloudOff aria-hidden="true" className="mx-auto size-12 text-slate-500" />
          <h1 className="mt-3 text-xl font-bold text-slate-900">Saved on this device</h1>
          <p className="mt-2 text-slate-700">
            {request?.error
              ? `It was not sent: ${request.error}`
              : 'It waits here and is sent once, as soon as the network is back. Its tracking code shows here then.'}
          </p>
          <Link
            to="/request/status/$code"
            params={{ code: id }}
            className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            Status page
          </Link>
        </>
      )}
      <div className="mt-6">
        <Button variant="secondary" onClick={onAnother}>
          Make another report
        </Button>
      </div>
    </section>
  );
}
