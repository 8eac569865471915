import { activeLocks, missingHotWork, unsafePoints } from '#shared/permit-checks.ts';
import { cancellableStatuses, lockHeld, permitStepDenied, type PermitStatus } from '#shared/permits.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { permitStepChange } from './permit-changes.ts';

interface Step {
  to: PermitStatus;
  label: string;
  /** What is missing before this step can be taken (the server's words), or null. */
  blocked: string | null;
}

/** The step the permit waits for, as the server will check it (src/docs/permits.md). */
function nextStep(permit: Permit): Step | null {
  switch (permit.status) {
    case 'Requested':
      return { to: 'Approved', label: 'Approve', blocked: null };
    case 'Approved': {
      if (permit.points.length > 0) return null;
      return { to: 'Isolated', label: 'Mark isolated', blocked: null };
    }
    case 'Isolated': {
      const unsafe = unsafePoints(permit);
      const missing = missingHotWork(permit);
      const blocked = unsafe.length
        ? `Every isolation point needs a verified lock: ${unsafe.join(', ')}`
        : missing.length
          ? `Hot work cannot start without the ${missing.join(', ')}`
          : null;
      return { to: 'Active', label: 'Start work', blocked };
    }
    case 'Active':
      return { to: 'Work Done', label: 'Work done', blocked: null };
    case 'Work Done': {
      const on = activeLocks(permit).map(lockHeld);
      return {
        to: 'Closed',
        label: 'Close permit',
        blocked: on.length ? `Remove every lock first: ${on.join('; ')}` : null,
      };
    }
    default:
      return null;
  }
}

/** The permit's next step, and Cancel while it may be cancelled; each says why it cannot be taken yet. */
export function PermitSteps({ permit }: { permit: Permit }) {
  const user = useSignedInUser();
  const step = nextStep(permit);
  const denied = step && permitStepDenied(user, permit, step.to);
  const mayCancel =
    cancellableStatuses.includes(permit.status) &&
    activeLocks(permit).length === 0 &&
    !permitStepDenied(user, permit, 'Cancelled');
  const take = (to: PermitStatus) =>
    void saveAndNotify(
      permitStepChange(user, permit, to),
      `${permit.permitNumber}: ${to}`,
      'Failed to update permit to work',
    );
  const waiting =
    permit.status === 'Approved' && permit.points.length > 0
      ? 'Lock every isolation point and verify zero energy: the permit is then Isolated.'
      : null;
  const note = (step && (denied ?? step.blocked)) ?? waiting;

  if (!step && !mayCancel && !note) return null;
  return (
    <div className="space-y-2 print:hidden">
      <div className="flex flex-wrap gap-2">
        {step && !denied && (
          <Button onClick={() => take(step.to)} disabled={step.blocked !== null}>
            {step.label}
          </Button>
        )}
        {mayCancel && (
          <Button variant="secondary" onClick={() => take('Cancelled')}>
            Cancel permit
          </Button>
        )}
      </div>
      {note && <p className="text-sm text-slate-700">{note}</p>}
    </div>
  );
}
