import { useState } from 'react';
import { incidentCreate } from '#shared/schemas/incident.ts';
import { CheckboxField } from '#client/components/ui/CheckboxField.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { createIncidentChange } from './incident-changes.ts';
import { dateRequired, emptyIncidentForm, incidentInput } from './incident-form.ts';
import { IncidentFields } from './IncidentFields.tsx';

/** Mounted while open, so each report starts from an empty form dated today. */
export function ReportIncidentModal({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const { form, set, setValue, errors, setErrors } = useFormState(() => emptyIncidentForm(user));
  const [anonymous, setAnonymous] = useState(false);

  async function submit() {
    const parsed = incidentCreate.safeParse(incidentInput(form));
    if (!parsed.success) {
      setErrors(dateRequired(form, fieldErrors(parsed.error)));
      return;
    }
    const change = createIncidentChange(user, { ...parsed.data, anonymous });
    if (await saveAndNotify(change, 'Incident reported successfully!', 'Failed to report incident')) onClose();
  }

  return (
    <FormModal onClose={onClose} title="Report Incident" submitLabel="Report Incident" onSubmit={submit}>
      <IncidentFields form={form} set={set} setValue={setValue} errors={errors} />
      <CheckboxField
        className="mt-4"
        label="Report anonymously"
        description="Your name is not kept with the report, its history or its notices. You cannot edit it afterwards."
        checked={anonymous}
        onChange={setAnonymous}
      />
    </FormModal>
  );
}
