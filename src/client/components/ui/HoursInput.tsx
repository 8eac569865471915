import type { InputHTMLAttributes } from 'react';
import { Input } from './Field.tsx';

/** A number of hours in steps of half an hour, with the decimal keypad on touch screens. */
export function HoursInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <Input type="number" inputMode="decimal" min={0} step={0.5} {...props} />;
}
