import { Check, Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { isolationKindLabels, type IsolationKind } from '#shared/isolation.ts';
import { activeLocks } from '#shared/permit-checks.ts';
import { can } from '#shared/permissions.ts';
import { lockingStatuses, unlockingStatuses } from '#shared/permits.ts';
import type { Permit, PermitLock } from '#shared/schemas/permit.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { ApplyLockDialog } from './ApplyLockDialog.tsx';
import { verifyLockChange } from './permit-changes.ts';
import { RemoveLockDialog } from './RemoveLockDialog.tsx';

type Point = Permit['points'][number];

const kindLabel = (kind: string) => isolationKindLabels[kind as IsolationKind] ?? kind;

/** Lock 7 · Ann Lee · 27 Nov 2026, 10:02 · verified */
function LockLine({ lock }: { lock: PermitLock }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <Lock aria-hidden="true" className="size-4 text-red-700" />
      <span className="font-medium text-slate-900">Lock {lock.lockNumber}</span>
      <span>{lock.appliedBy?.name ?? 'a former user'}</span>
      <span className="text-slate-600">{formatDateTime(lock.appliedAt)}</span>
      {lock.verified ? (
        <span className="inline-flex items-center gap-1 text-green-800">
          <Check aria-hidden="true" className="size-4" /> zero energy verified
        </span>
      ) : (
        <span className="text-amber-800">zero energy not verified</span>
      )}
    </p>
  );
}

/**
 * The machine's isolation points with the lock each holds (src/docs/permits.md): apply a lock while
 * the permit is Approved or Isolated; verify your own; remove yours, or another's with a reason.
 */
export function PermitPoints({ permit }: { permit: Permit }) {
  const user = useSignedInUser();
  const [locking, setLocking] = useState<Point | null>(null);
  const [removing, setRemoving] = useState<PermitLock | null>(null);
  const on = activeLocks(permit);
  const mayLock = lockingStatuses.includes(permit.status) && can(user.role, 'permit:request');
  const mayUnlock = unlockingStatuses.includes(permit.status);
  const removed = permit.locks.filter((lock) => lock.removedAt);

  if (permit.points.length === 0) {
    return <p className="text-sm text-slate-600">The machine has no isolation points recorded: no locks are needed.</p>;
  }
  return (
    <div className="space-y-3">
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {permit.points.map((point) => {
          const lock = on.find((candidate) => candidate.point === point._id);
          const own = lock?.appliedBy?._id === user._id;
          return (
            <li
              key={point._id}
              aria-label={`Isolation point ${point.location}`}
              className="space-y-2 p-3 break-inside-avoid"
            >
              <div>
                <p className="font-medium text-slate-900">
                  {kindLabel(point.kind)}: {point.location}
                </p>
                <p className="text-sm text-slate-600">
                  Isolate: {point.isolate} · Verify: {point.verify}
                </p>
              </div>
              {lock ? <LockLine lock={lock} /> : <p className="text-sm text-amber-800">Not locked</p>}
              <div className="flex flex-wrap gap-2 print:hidden">
                {!lock && mayLock && (
                  <Button variant="secondary" onClick={() => setLocking(point)}>
                    <Lock aria-hidden="true" className="size-4" /> Apply lock
                  </Button>
                )}
                {lock && own && !lock.verified && lockingStatuses.includes(permit.status) && (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      void saveAndNotify(
                        verifyLockChange(user, permit, lock),
                        'Zero energy verified',
                        'Failed to update lock',
                      )
                    }
                  >
                    <Check aria-hidden="true" className="size-4" /> Zero energy verified
                  </Button>
                )}
                {lock && mayUnlock && (own || can(user.role, 'permit:override-lock')) && (
                  <Button variant="secondary" onClick={() => setRemoving(lock)}>
                    <LockOpen aria-hidden="true" className="size-4" /> Remove lock
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {removed.length > 0 && (
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">Locks removed</p>
          <ul className="list-disc pl-5">
            {removed.map((lock) => (
              <li key={lock._id}>
                Lock {lock.lockNumber} on {lock.pointLocation || 'a removed point'}: applied by{' '}
                {lock.appliedBy?.name ?? 'a former user'} {formatDateTime(lock.appliedAt)}, removed by{' '}
                {lock.removedBy?.name ?? 'a former user'} {formatDateTime(lock.removedAt!)}
                {lock.removalReason ? ` (${lock.removalReason})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {locking && <ApplyLockDialog permit={permit} point={locking} onClose={() => setLocking(null)} />}
      {removing && <RemoveLockDialog permit={permit} lock={removing} onClose={() => setRemoving(null)} />}
    </div>
  );
}
