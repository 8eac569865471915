import { useState } from 'react';
import type { Permit, PermitLock } from '#shared/schemas/permit.ts';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { removeLockChange } from './permit-changes.ts';

interface RemoveLockDialogProps {
  permit: Permit;
  lock: PermitLock;
  onClose: () => void;
}

/** Takes a lock off: its holder confirms; a safety officer or admin removing another's lock says why. */
export function RemoveLockDialog({ permit, lock, onClose }: RemoveLockDialogProps) {
  const user = useSignedInUser();
  const own = lock.appliedBy?._id === user._id;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  async function submit() {
    if (!own && !reason.trim())
      return setError(`Say why you remove ${lock.appliedBy?.name ?? 'another person'}'s lock`);
    const change = removeLockChange(user, permit, lock, own ? null : reason.trim());
    if (await saveAndNotify(change, `Lock ${lock.lockNumber} removed`, 'Failed to remove lock')) onClose();
  }

  return (
    <FormModal onClose={onClose} title="Remove Lock" submitLabel="Remove Lock" onSubmit={submit}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Lock {lock.lockNumber} on {lock.pointLocation || 'a removed point'}, applied by{' '}
        {lock.appliedBy?.name ?? 'a former user'}.
      </p>
      {!own && (
        <Field label="Reason" required error={error} className="sm:col-span-2">
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} maxLength={1000} />
        </Field>
      )}
    </FormModal>
  );
}
