import { useState } from 'react';
import { unverifiedActions } from '#shared/incident-actions.ts';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import type { LocalIncident } from './incident-list.ts';

/** An admin closing an incident whose actions are not all verified says why; the reason goes in its history. */
export function CloseOverrideDialog({
  incident,
  onCancel,
  onClose,
}: {
  incident: LocalIncident;
  onCancel: () => void;
  onClose: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = unverifiedActions(incident.actions);
  return (
    <ConfirmDialog
      open
      title="Close with actions not verified?"
      confirmLabel="Close Incident"
      destructive
      onCancel={onCancel}
      onConfirm={() =>
        reason.trim() ? onClose(reason.trim()) : setError('Say why it closes before its actions are verified')
      }
    >
      <p>{open.length === 1 ? '1 action is' : `${open.length} actions are`} not verified:</p>
      <ul className="mt-2 mb-3 list-disc pl-5">
        {open.map((action) => (
          <li key={action._id}>
            {action.title} ({action.status})
          </li>
        ))}
      </ul>
      <Field label="Reason" required error={error}>
        <Textarea rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </ConfirmDialog>
  );
}
