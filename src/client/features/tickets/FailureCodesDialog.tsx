import { useState } from 'react';
import {
  causesOf,
  failureCodesError,
  machineTypeLabels,
  machineTypeOf,
  other,
  problemsOf,
  remedies,
  type FailureCodes,
} from '#shared/failure-codes.ts';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { Field, Select, Textarea } from '#client/components/ui/Field.tsx';
import type { LocalTicket } from './ticket-list.ts';

const none: FailureCodes = { problem: '', cause: '', remedy: '', note: '' };

/**
 * Ending a corrective repair asks what it found: problem, cause and remedy from the tree of the
 * machine's type (src/shared/failure-codes.ts), and a note when one of them is Other.
 */
export function FailureCodesDialog({
  ticket,
  status,
  onCancel,
  onSave,
}: {
  ticket: LocalTicket;
  status: 'Resolved' | 'Closed';
  onCancel: () => void;
  onSave: (codes: FailureCodes) => void;
}) {
  const type = machineTypeOf(ticket.machine?.department);
  const [codes, setCodes] = useState<FailureCodes>(ticket.failure ?? none);
  const [error, setError] = useState<string | undefined>();
  const set = (changes: Partial<FailureCodes>) => setCodes((current) => ({ ...current, ...changes }));
  const needsNote = [codes.problem, codes.cause, codes.remedy].includes(other);
  const save = () => {
    if (!codes.problem || !codes.cause || !codes.remedy) return setError('Choose the problem, cause and remedy');
    const invalid = failureCodesError(type, codes);
    return invalid ? setError(invalid) : onSave({ ...codes, note: codes.note.trim() });
  };
  return (
    <ConfirmDialog
      open
      title={`What did the repair find? (${ticket.ticketNumber || ticket.title})`}
      confirmLabel={status === 'Resolved' ? 'Resolve Ticket' : 'Close Ticket'}
      onCancel={onCancel}
      onConfirm={save}
    >
      <p className="mb-3">
        Failure codes for {machineTypeLabels[type].toLowerCase()} machines: they feed the reliability analytics.
      </p>
      <div className="grid gap-3">
        <Field label="Problem" required>
          <Select
            placeholder="Choose the problem"
            options={problemsOf(type)}
            value={codes.problem}
            onChange={(event) => set({ problem: event.target.value, cause: '' })}
          />
        </Field>
        <Field label="Cause" required>
          <Select
            placeholder={codes.problem ? 'Choose the cause' : 'Choose the problem first'}
            options={codes.problem ? causesOf(type, codes.problem) : []}
            value={codes.cause}
            disabled={!codes.problem}
            onChange={(event) => set({ cause: event.target.value })}
          />
        </Field>
        <Field label="Remedy" required>
          <Select
            placeholder="Choose the remedy"
            options={remedies}
            value={codes.remedy}
            onChange={(event) => set({ remedy: event.target.value })}
          />
        </Field>
        <Field label="Note" required={needsNote} error={error}>
          <Textarea
            rows={2}
            maxLength={500}
            value={codes.note}
            placeholder={needsNote ? 'What "Other" stands for' : 'Anything worth adding (optional)'}
            onChange={(event) => set({ note: event.target.value })}
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
