import { priorities, ticketCategories } from '#shared/enums.ts';
import { titleFrom, urgencyPriority } from '#shared/requests.ts';
import { requestAccept, type WorkRequest } from '#shared/schemas/request.ts';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { MachineSelect } from '#client/components/ui/MachineSelect.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { TriageDialog } from './TriageDialog.tsx';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Accept: a ticket opens from the request, its priority from the urgency; the engineer may change both. */
export function AcceptRequestDialog({ request, onClose }: { request: WorkRequest; onClose: () => void }) {
  const machines = useMachineChoices();
  const { form, set, errors, setErrors } = useFormState(() => ({
    title: titleFrom(request.description),
    machine: request.machine?._id ?? '',
    priority: urgencyPriority[request.urgency],
    category: 'Mechanical',
  }));
  return (
    <TriageDialog
      request={request}
      action="accept"
      title={`Accept Request ${request.code}`}
      submitLabel="Open Ticket"
      schema={requestAccept}
      body={() => ({ ...form, machine: form.machine || undefined })}
      setErrors={setErrors}
      success={(decided) => `Ticket ${decided.ticket?.ticketNumber ?? ''} opened from request ${decided.code}`}
      onClose={onClose}
    >
      <Field label="Title" required error={errors.title} className="sm:col-span-2">
        <Input value={form.title} onChange={set('title')} />
      </Field>
      {!request.machine && (
        <Field label="Machine" required error={errors.machine} className="sm:col-span-2">
          <MachineSelect machines={machines} value={form.machine} onChange={set('machine')} />
        </Field>
      )}
      <Field label="Priority" error={errors.priority}>
        <Select value={form.priority} onChange={set('priority')} options={options(priorities)} />
      </Field>
      <Field label="Category" error={errors.category}>
        <Select value={form.category} onChange={set('category')} options={options(ticketCategories)} />
      </Field>
    </TriageDialog>
  );
}
