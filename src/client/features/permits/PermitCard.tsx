import { Lock } from 'lucide-react';
import { activeLocks } from '#shared/permit-checks.ts';
import { permitTypeLabels } from '#shared/permits.ts';
import { Badge, permitStatusTone } from '#client/components/ui/Badge.tsx';
import { RecordCard } from '#client/components/ui/RecordCard.tsx';
import { durationText, minutesSince } from '#client/features/machines/machine-list.ts';
import { permitWork } from './PermitDialog.tsx';
import type { LocalPermit } from './use-permits.ts';

interface PermitCardProps {
  permit: LocalPermit;
  now: number;
  onOpen: () => void;
}

/** A permit on the board: its machine and work, who holds which lock, and how long it has been open. */
export function PermitCard({ permit, now, onOpen }: PermitCardProps) {
  const on = activeLocks(permit);
  const locked = new Set(on.map((lock) => lock.point)).size;
  return (
    <RecordCard
      label={`Permit ${permit.permitNumber}`}
      number={permit.permitNumber}
      onOpen={onOpen}
      pending={permit._pending}
      className="gap-3 break-inside-avoid"
      badges={
        <>
          <Badge tone={permitStatusTone[permit.status]}>{permit.status}</Badge>
          <Badge>{permitTypeLabels[permit.type]}</Badge>
        </>
      }
    >
      <div className="text-sm">
        <p className="font-medium text-slate-900">
          {permit.machine.name} <span className="font-normal text-slate-600">({permit.machine.machineId})</span>
        </p>
        <p className="text-slate-700">{permitWork(permit)}</p>
      </div>
      <div className="text-sm">
        <p className="text-slate-600">
          {permit.points.length === 0
            ? 'No isolation points'
            : `${locked} of ${permit.points.length} point${permit.points.length > 1 ? 's' : ''} locked`}
        </p>
        {on.length > 0 && (
          <ul className="mt-1 space-y-0.5">
            {on.map((lock) => (
              <li key={lock._id} className="flex items-start gap-1.5 text-slate-800">
                <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-red-700" />
                <span>
                  Lock {lock.lockNumber} · {lock.pointLocation} · {lock.appliedBy?.name ?? 'a former user'}
                  {!lock.verified && <span className="text-amber-800"> (not verified)</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <footer className="mt-auto border-t border-slate-200 pt-2 text-xs text-slate-600">
        Requested by {permit.requestedBy?.name ?? 'a former user'}, open{' '}
        {durationText(minutesSince(permit.createdAt, now))}
      </footer>
    </RecordCard>
  );
}
