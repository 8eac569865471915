import { requestReject, type WorkRequest } from '#shared/schemas/request.ts';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { TriageDialog } from './TriageDialog.tsx';

/** Reject: the reason is shown on the requester's status page. */
export function RejectRequestDialog({ request, onClose }: { request: WorkRequest; onClose: () => void }) {
  const { form, set, errors, setErrors } = useFormState({ reason: '' });
  return (
    <TriageDialog
      request={request}
      action="reject"
      title={`Reject Request ${request.code}`}
      submitLabel="Reject"
      schema={requestReject}
      body={() => form}
      setErrors={setErrors}
      success={(decided) => `Request ${decided.code} rejected`}
      onClose={onClose}
    >
      <Field
        label="Reason"
        required
        error={errors.reason}
        hint="The requester sees it on the status page."
        className="sm:col-span-2"
      >
        <Textarea value={form.reason} onChange={set('reason')} rows={3} />
      </Field>
    </TriageDialog>
  );
}
