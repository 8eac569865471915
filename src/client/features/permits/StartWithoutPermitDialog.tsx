import { useState } from 'react';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';

interface StartWithoutPermitDialogProps {
  /** What is missing, in the server's words. */
  denied: string;
  onCancel: () => void;
  onStart: (reason: string) => void;
}

/** An admin starts work without an Active permit: only with a reason, which the history keeps. */
export function StartWithoutPermitDialog({ denied, onCancel, onStart }: StartWithoutPermitDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  function submit() {
    if (!reason.trim()) setError('Give the reason to start without an Active permit');
    else onStart(reason.trim());
    return Promise.resolve();
  }

  return (
    <FormModal onClose={onCancel} title="Start Without a Permit?" submitLabel="Start Anyway" onSubmit={submit}>
      <p role="alert" className="text-sm text-red-800 sm:col-span-2">
        {denied}.
      </p>
      <p className="text-sm text-slate-700 sm:col-span-2">
        As an admin you may start the work anyway. The reason is kept in the record&apos;s history.
      </p>
      <Field label="Reason" required error={error} className="sm:col-span-2">
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} maxLength={1000} />
      </Field>
    </FormModal>
  );
}
