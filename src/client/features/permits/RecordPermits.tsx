import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { activeLocks } from '#shared/permit-checks.ts';
import { can } from '#shared/permissions.ts';
import { Badge, permitStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useMachine } from '#client/features/machines/use-machines.ts';
import type { PermitWork } from './permit-changes.ts';
import { RequestPermitDialog } from './RequestPermitDialog.tsx';
import { isOpenPermit, usePermitsOf } from './use-permits.ts';

interface RecordPermitsProps {
  machineId: string | null;
  work: PermitWork;
  /** The record is finished (resolved, closed, completed): no new permit is asked for. */
  finished: boolean;
}

/**
 * The permits to work of a ticket or a maintenance schedule, and the button that requests one: work on
 * a machine with isolation points starts only under an Active permit (src/docs/permits.md).
 */
export function RecordPermits({ machineId, work, finished }: RecordPermitsProps) {
  const user = useSignedInUser();
  const machine = useMachine(machineId);
  const permits = usePermitsOf({ ticket: work.ticket?._id, schedule: work.schedule?._id });
  const [requesting, setRequesting] = useState(false);
  if (!machine) return null;
  const needed = machine.isolationPoints.length > 0;
  const mayRequest = !finished && can(user.role, 'permit:request') && !permits.some(isOpenPermit);

  return (
    <section aria-labelledby="record-permits" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="record-permits" className="font-semibold text-slate-900">
          Permit to work
        </h3>
        {mayRequest && (
          <Button variant="secondary" onClick={() => setRequesting(true)} className="print:hidden">
            <ShieldCheck aria-hidden="true" className="size-4" /> Request permit
          </Button>
        )}
      </div>
      {permits.length === 0 ? (
        <p className="text-sm text-slate-600">
          {needed
            ? `${machine.name} has ${machine.isolationPoints.length} isolation point${machine.isolationPoints.length > 1 ? 's' : ''}: work starts under an Active permit.`
            : 'No permit on this device.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {permits.map((permit) => (
            <li key={permit._id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <Link
                to="/permits"
                search={{ permit: permit._id }}
                className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {permit.permitNumber}
              </Link>
              <Badge tone={permitStatusTone[permit.status]}>{permit.status}</Badge>
              <span className="text-slate-600">
                {activeLocks(permit).length} of {permit.points.length} locks on
              </span>
              <PendingMark count={permit._pending} />
            </li>
          ))}
        </ul>
      )}
      {requesting && <RequestPermitDialog machine={machine} work={work} onClose={() => setRequesting(false)} />}
    </section>
  );
}
