import { useState, type FormEvent } from 'react';
import type { ManagedUser } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input } from '#client/components/ui/Field.tsx';
import { useUpdateUser } from './use-managed-users.ts';

/** Reads "45", "45.5" or "45,50" as a rate of at most 2 decimals; '' is no rate of their own; undefined: not a rate. */
export function parseRate(value: string): number | null | undefined {
  if (value.trim() === '') return null;
  const number = Number(value.trim().replace(',', '.'));
  if (!Number.isFinite(number) || number < 0 || number > 10_000) return undefined;
  return Math.abs(number * 100 - Math.round(number * 100)) < 1e-6 ? number : undefined;
}

/** An admin sets what an hour of this person's work costs (src/docs/costs.md); empty: the plant's default. */
export function HourlyRateForm({ user }: { user: ManagedUser }) {
  const [rate, setRate] = useState(user.hourlyRate === null ? '' : String(user.hourlyRate));
  const [error, setError] = useState<string>();
  const update = useUpdateUser(user);
  const parsed = parseRate(rate);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (parsed === undefined) return setError('Give a rate of 0 to 10000 with at most 2 decimals, or leave it empty');
    setError(undefined);
    if (parsed !== user.hourlyRate) update.mutate({ hourlyRate: parsed });
  };

  return (
    <form onSubmit={save} className="flex flex-wrap items-start gap-3 border-t border-slate-200 pt-4">
      <Field label="Hourly rate" hint="Empty: the plant's default rate" error={error} className="w-56">
        <Input inputMode="decimal" value={rate} onChange={(event) => setRate(event.target.value)} />
      </Field>
      <Button
        type="submit"
        variant="secondary"
        className="mt-7"
        loading={update.isPending}
        disabled={parsed === user.hourlyRate}
      >
        Save rate
      </Button>
    </form>
  );
}
