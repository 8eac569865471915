import { useState } from 'react';
import { isolationKindLabels, type IsolationKind } from '#shared/isolation.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import { CheckboxField } from '#client/components/ui/CheckboxField.tsx';
import { Field, Input } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { applyLockChange } from './permit-changes.ts';

interface ApplyLockDialogProps {
  permit: Permit;
  point: Permit['points'][number];
  onClose: () => void;
}

/** A padlock on one isolation point: its number, and whether zero energy was verified. */
export function ApplyLockDialog({ permit, point, onClose }: ApplyLockDialogProps) {
  const user = useSignedInUser();
  const [lockNumber, setLockNumber] = useState('');
  const [verified, setVerified] = useState(false);
  const [error, setError] = useState<string>();

  async function submit() {
    const number = lockNumber.trim();
    if (!number) return setError('Give the number on the padlock');
    const change = applyLockChange(user, permit, point, number, verified);
    if (await saveAndNotify(change, `Lock ${number} applied on ${point.location}`, 'Failed to apply lock')) onClose();
  }

  return (
    <FormModal onClose={onClose} title="Apply Lock" submitLabel="Apply Lock" onSubmit={submit}>
      <div className="space-y-2 text-sm text-slate-700 sm:col-span-2">
        <p className="font-medium text-slate-900">
          {isolationKindLabels[point.kind as IsolationKind] ?? point.kind}: {point.location}
        </p>
        <p>
          <span className="font-medium">Isolate:</span> {point.isolate}
        </p>
        <p>
          <span className="font-medium">Verify:</span> {point.verify}
        </p>
      </div>
      <Field label="Lock number" required error={error} className="sm:col-span-2">
        <Input value={lockNumber} onChange={(event) => setLockNumber(event.target.value)} maxLength={50} autoFocus />
      </Field>
      <CheckboxField
        className="sm:col-span-2"
        label="Zero energy verified"
        description="The check above was done and showed no energy left."
        checked={verified}
        onChange={setVerified}
      />
    </FormModal>
  );
}
