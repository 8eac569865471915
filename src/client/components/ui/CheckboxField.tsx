interface CheckboxFieldProps {
  label: string;
  /** A line under the label saying what ticking it means. */
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

/** A checkbox with its label and a line that explains it, the whole row a touch target. */
export function CheckboxField({ label, description, checked, onChange, className = '' }: CheckboxFieldProps) {
  return (
    <label className={`flex min-h-11 items-start gap-3 text-sm text-slate-700 ${className}`}>
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="font-medium text-slate-900">{label}</span>
        <span className="block text-slate-600">{description}</span>
      </span>
    </label>
  );
}
