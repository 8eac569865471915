import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface FormModalProps {
  onClose: () => void;
  title: string;
  /** The submit button's text (the spec often repeats the title, 'Report Incident'). */
  submitLabel: string;
  /**
   * Called on submit; the browser's own validation is off (forms show inline errors instead). The submit
   * button spins until it settles.
   */
  onSubmit: () => Promise<void>;
  /** The fields, in a two-column grid (`sm:col-span-2` for a whole row). */
  children: ReactNode;
}

/** A modal form, mounted while open, with the usual footer: Cancel, and the submit button that spins while saving. */
export function FormModal({ onClose, title, submitLabel, onSubmit, children }: FormModalProps) {
  const formId = useId();
  const [isSaving, setSaving] = useState(false);

  async function submit() {
    setSaving(true);
    try {
      await onSubmit();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isSaving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="grid gap-4 sm:grid-cols-2"
      >
        {children}
      </form>
    </Modal>
  );
}
