import { Field, Input } from '#client/components/ui/Field.tsx';
import type { HotWorkValues } from './permit-changes.ts';

/** The hot work fields as typed: the fire watch's end as a local date and time. */
export interface HotWorkForm {
  gasTest: string;
  fireWatch: string;
  fireWatchUntil: string;
}

const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export const hotWorkForm = (values: HotWorkValues): HotWorkForm => ({
  gasTest: values.gasTest ?? '',
  fireWatch: values.fireWatch ?? '',
  fireWatchUntil: localInput(values.fireWatchUntil),
});

/** Empty fields are not given; the end time becomes an instant. */
export const hotWorkValues = (form: HotWorkForm): HotWorkValues => ({
  gasTest: form.gasTest.trim() || null,
  fireWatch: form.fireWatch.trim() || null,
  fireWatchUntil: form.fireWatchUntil ? new Date(form.fireWatchUntil).toISOString() : null,
});

interface HotWorkFieldsProps {
  form: HotWorkForm;
  set: (field: keyof HotWorkForm) => (event: { target: { value: string } }) => void;
}

/** Gas test, fire watch and its end: hot work cannot start without all three. */
export function HotWorkFields({ form, set }: HotWorkFieldsProps) {
  return (
    <>
      <Field label="Gas test reading" hint="As the meter shows it, e.g. 0 % LEL">
        <Input value={form.gasTest} onChange={set('gasTest')} maxLength={100} />
      </Field>
      <Field label="Fire watch">
        <Input value={form.fireWatch} onChange={set('fireWatch')} maxLength={200} />
      </Field>
      <Field label="Fire watch until" className="sm:col-span-2">
        <Input type="datetime-local" value={form.fireWatchUntil} onChange={set('fireWatchUntil')} />
      </Field>
    </>
  );
}
