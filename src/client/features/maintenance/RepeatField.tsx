import type { RecurrenceUnit } from '#shared/recurrence.ts';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';

const repeatOptions: { value: RecurrenceUnit; label: string }[] = [
  { value: 'day', label: 'Every N days' },
  { value: 'week', label: 'Every N weeks' },
  { value: 'month', label: 'Every N months' },
  { value: 'hours', label: 'Every N operating hours' },
];

const everyLabels: Record<RecurrenceUnit, string> = {
  day: 'Days between',
  week: 'Weeks between',
  month: 'Months between',
  hours: 'Operating hours between',
};

interface RepeatFieldProps {
  repeat: RecurrenceUnit | '';
  every: string;
  workingDaysOnly: boolean;
  error: string | undefined;
  onRepeat: (repeat: RecurrenceUnit | '') => void;
  onEvery: (every: string) => void;
  onWorkingDaysOnly: (workingDaysOnly: boolean) => void;
}

/** The schedule form's "Repeat": none, every N days/weeks/months (working days only), or N operating hours. */
export function RepeatField({ repeat, every, workingDaysOnly, error, ...on }: RepeatFieldProps) {
  return (
    <>
      <Field label="Repeat" error={repeat ? undefined : error}>
        <Select
          value={repeat}
          onChange={(event) => on.onRepeat(event.target.value as RecurrenceUnit | '')}
          placeholder="Does not repeat"
          options={repeatOptions}
        />
      </Field>
      {repeat && (
        <Field
          label={everyLabels[repeat]}
          error={error}
          hint={repeat === 'hours' ? 'Due again when the machine has run this long since completion' : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={every}
            onChange={(e) => on.onEvery(e.target.value)}
          />
        </Field>
      )}
      {repeat && repeat !== 'hours' && (
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            className="size-5"
            checked={workingDaysOnly}
            onChange={(event) => on.onWorkingDaysOnly(event.target.checked)}
          />
          Working days only (Monday to Friday)
        </label>
      )}
    </>
  );
}
