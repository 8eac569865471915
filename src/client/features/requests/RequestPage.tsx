import { HardHat, Wrench } from 'lucide-react';
import { useState } from 'react';
import type { RequestKind } from '#shared/requests.ts';
import { DeviceRequests } from './DeviceRequests.tsx';
import { RequestForm } from './RequestForm.tsx';
import { RequestLayout } from './RequestLayout.tsx';
import { SavedRequest } from './SavedRequest.tsx';
import { useKioskSending, useRequestMachines } from './use-kiosk.ts';
import { ApiError } from '#client/lib/api.ts';

const choices: { kind: RequestKind; label: string; icon: typeof Wrench }[] = [
  { kind: 'repair', label: 'Request a repair', icon: Wrench },
  { kind: 'hazard', label: 'Report a near miss or hazard', icon: HardHat },
];

/**
 * /request and /request/<machine id> (a machine's label): anyone on the plant network asks for a
 * repair or reports a near miss, with or without a connection (src/docs/work-requests.md).
 */
export function RequestPage({ machineId }: { machineId?: string }) {
  useKioskSending();
  const [kind, setKind] = useState<RequestKind>('repair');
  const [savedId, setSavedId] = useState<string | null>(null);
  // Each new request starts from an empty form.
  const [formKey, setFormKey] = useState(0);
  const machines = useRequestMachines();
  const machine = machines.data?.find((candidate) => candidate._id === machineId);
  const needsSignIn = machines.error instanceof ApiError && machines.error.status === 401;

  return (
    <RequestLayout>
      {needsSignIn ? (
        <section className="rounded-xl border border-slate-200 bg-surface p-6">
          <h1 className="text-xl font-bold text-slate-900">Sign in to make a request</h1>
          <p className="mt-2 text-slate-700">
            At this plant, requests are made by signed-in staff. Use Staff sign in above.
          </p>
        </section>
      ) : savedId ? (
        <SavedRequest
          id={savedId}
          onAnother={() => {
            setSavedId(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <section className="rounded-xl border border-slate-200 bg-surface p-4 sm:p-6">
          <h1 className="text-xl font-bold text-slate-900">
            {machine ? `${machine.name} (${machine.machineId})` : 'What do you want to report?'}
          </h1>
          <div role="group" aria-label="Kind of report" className="mt-4 mb-6 grid gap-2 sm:grid-cols-2">
            {choices.map(({ kind: choice, label, icon: Icon }) => (
              <button
                key={choice}
                type="button"
                aria-pressed={kind === choice}
                onClick={() => setKind(choice)}
                className="flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-slate-300 px-3 text-sm font-semibold text-slate-800 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </button>
            ))}
          </div>
          <RequestForm key={`${kind}-${formKey}`} kind={kind} machineId={machineId} onSaved={setSavedId} />
        </section>
      )}
      <DeviceRequests />
    </RequestLayout>
  );
}
