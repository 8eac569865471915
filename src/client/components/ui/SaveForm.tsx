import { useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';

interface SaveFormProps {
  /** The form's accessible name ('Edit ticket'). */
  label: string;
  /** Validates and saves; the buttons wait for it. */
  onSave: () => Promise<void>;
  onCancel: () => void;
  /** 'Save Changes'. */
  saveLabel: string;
  className: string;
  children: ReactNode;
}

/** A form edited in place: its fields, then Cancel and the save button, which spins while it saves. */
export function SaveForm({ label, onSave, onCancel, saveLabel, className, children }: SaveFormProps) {
  const [isSaving, setSaving] = useState(false);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        void onSave().finally(() => setSaving(false));
      }}
      className={className}
    >
      {children}
      <div className="col-span-full flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" loading={isSaving}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
