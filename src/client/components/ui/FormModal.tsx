import { useId, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface FormModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The submit button's text (the spec often repeats the title, 'Report Incident'). */
  submitLabel: string;
  isSaving: boolean;
  /** Called on submit; the browser's own validation is off (forms show inline errors instead). */
  onSubmit: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Layout classes of the form (e.g. a two-column grid). */
  className?: string;
  children: ReactNode;
}

/** A modal form with the usual footer: Cancel, and the submit button that spins while saving. */
export function FormModal({
  open,
  onClose,
  title,
  submitLabel,
  isSaving,
  onSubmit,
  size,
  className,
  children,
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size={size}
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
          onSubmit();
        }}
        className={className}
      >
        {children}
      </form>
    </Modal>
  );
}
