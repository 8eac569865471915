import { useState } from 'react';

/** The fields of a form that a text input, select or textarea edits. */
type TextField<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** The values of a form and the inline errors of its last submit. */
export function useFormState<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** The onChange of the control that edits a text field. */
  const set = (field: TextField<F>) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  /** For a field that is not text (the rows of a list). */
  const setValue = <K extends keyof F>(field: K, value: F[K]) => setForm((current) => ({ ...current, [field]: value }));

  return { form, set, setValue, errors, setErrors };
}
