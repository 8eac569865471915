import { useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input } from '#client/components/ui/Field.tsx';
import { failureMessage } from '#client/lib/notify.ts';

interface AddRowFormProps {
  /** The required field and the optional one: [label, maxLength]. */
  fields: [[string, number], [string, number]];
  submitLabel: string;
  /** What the toast would say when the server gives no message of its own. */
  failure: string;
  disabled: boolean;
  onSubmit: (first: string, second: string) => Promise<void>;
}

/** A one-line create form sent straight to the server; its refusal (a name taken: 409) shows under it. */
export function AddRowForm({ fields: [[firstLabel, firstMax], [secondLabel, secondMax]], ...props }: AddRowFormProps) {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!first.trim()) return setError(`${firstLabel} is required`);
    setBusy(true);
    try {
      await props.onSubmit(first.trim(), second.trim());
      setFirst('');
      setSecond('');
      setError(null);
    } catch (caught) {
      setError(failureMessage(caught, props.failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Field label={firstLabel} required>
        <Input value={first} onChange={(event) => setFirst(event.target.value)} maxLength={firstMax} />
      </Field>
      <Field label={secondLabel}>
        <Input value={second} onChange={(event) => setSecond(event.target.value)} maxLength={secondMax} />
      </Field>
      <Button type="submit" variant="secondary" loading={busy} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      )}
    </form>
  );
}
