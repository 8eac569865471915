import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { fieldErrors } from '#client/lib/validation.ts';
import { notify } from '#client/lib/notify.ts';
import { useTriage, type TriageAction } from './triage-queries.ts';

interface TriageDialogProps<S extends z.ZodType> {
  request: WorkRequest;
  action: TriageAction;
  title: string;
  submitLabel: string;
  schema: S;
  /** The body as the form holds it; the schema checks it before it is sent. */
  body: () => unknown;
  setErrors: (errors: Record<string, string>) => void;
  success: (decided: WorkRequest) => string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * One triage decision in a dialog: checked with the shared schema, sent, and told. Refused or offline,
 * the dialog stays open with what was typed, and the toast says why.
 */
export function TriageDialog<S extends z.ZodType>(props: TriageDialogProps<S>) {
  const triage = useTriage();
  async function submit() {
    const parsed = props.schema.safeParse(props.body());
    if (!parsed.success) return props.setErrors(fieldErrors(parsed.error));
    try {
      const decided = await triage(props.request._id, props.action, parsed.data as object);
      notify.success(props.success(decided));
      props.onClose();
    } catch (error) {
      notify.error(error, `Failed to ${props.action} the request`);
    }
  }
  return (
    <FormModal onClose={props.onClose} title={props.title} submitLabel={props.submitLabel} onSubmit={submit}>
      {props.children}
    </FormModal>
  );
}
