import { useState } from 'react';
import { readingBelowLast } from '#shared/schemas/reading.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field } from '#client/components/ui/Field.tsx';
import { HoursInput } from '#client/components/ui/HoursInput.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { readingChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';
import { clearIfSent } from '#client/lib/clear-sent.ts';

/** Whether a reading can be taken, with the server's own message when it could not. */
function readingError(text: string, last: number): string | null {
  const hours = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(hours) || hours < 0) return 'Enter the hours the meter shows';
  return hours < last ? readingBelowLast(hours, last) : null;
}

/** An hour-meter reading from the floor, saved offline like every change; meter-based maintenance follows it. */
export function RecordReadingForm({ machine }: { machine: LocalMachine }) {
  const user = useSignedInUser();
  const [hours, setHours] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = readingError(hours, machine.operatingHours);
    setError(problem);
    if (problem) return;
    const change = readingChange(user, machine, Number(hours));
    if (await saveAndNotify(change, 'Reading recorded', 'Failed to record reading')) setHours(clearIfSent(hours));
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2" noValidate>
      <Field label="Hour-meter reading" error={error ?? undefined} className="w-48">
        <HoursInput
          value={hours}
          placeholder={String(machine.operatingHours)}
          onChange={(event) => {
            setHours(event.target.value);
            setError(null);
          }}
        />
      </Field>
      <Button type="submit" variant="secondary" className={error ? 'mb-7' : ''}>
        Record Reading
      </Button>
    </form>
  );
}
