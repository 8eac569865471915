import {
  createContext,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

const FieldContext = createContext<FieldControl | null>(null);

interface FieldProps {
  label: string;
  /** Shown under the control in red; marks the control invalid. */
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled form control with inline hint and error text; the Input, Select or Textarea inside picks up the ids. */
export function Field({ label, error, hint, required, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      {/* The asterisk sits outside the label, so the label text is exactly the field's name. */}
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={id} className="text-slate-700">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      <FieldContext.Provider
        value={{
          id,
          'aria-invalid': error ? true : undefined,
          'aria-required': required || undefined,
          'aria-describedby': describedBy,
        }}
      >
        {children}
      </FieldContext.Provider>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClasses =
  'w-full rounded-lg border border-slate-300 bg-surface px-3 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30';

function useFieldControl(): Partial<FieldControl> {
  return useContext(FieldContext) ?? {};
}

export function Input({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const control = useFieldControl();
  return <input {...control} className={`${controlClasses} min-h-11 ${className}`} {...props} />;
}

export function Textarea({ className = '', rows = 4, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = useFieldControl();
  return <textarea {...control} rows={rows} className={`${controlClasses} py-2 ${className}`} {...props} />;
}

export type SelectOption = string | { value: string; label: string };

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** A first, empty option (e.g. 'Select department' or 'All Status'). */
  placeholder?: string;
}

export function Select({ options, placeholder, className = '', ...props }: SelectProps) {
  const control = useFieldControl();
  return (
    <select {...control} className={`${controlClasses} min-h-11 pr-8 ${className}`} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => {
        const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  );
}
