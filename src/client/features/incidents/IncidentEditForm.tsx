import { useState } from 'react';
import { incidentUpdate } from '../../../shared/schemas/incident.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useFormState } from '../../components/ui/use-form-state.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { useSignedInUser } from '../../data/session.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { fieldErrors } from '../../lib/validation.ts';
import { incidentEditChange } from './incident-changes.ts';
import { dateRequired, formFromIncident, incidentInput } from './incident-form.ts';
import type { LocalIncident } from './incident-list.ts';
import { IncidentFields } from './IncidentFields.tsx';

/** The report's fields, edited in its details; mounted when opened, so it starts from the incident as shown. */
export function IncidentEditForm({ incident, onDone }: { incident: LocalIncident; onDone: () => void }) {
  const user = useSignedInUser();
  const [opened] = useState(() => ({ form: formFromIncident(incident), version: incident._server?.version ?? null }));
  const { form, set, setValue, errors, setErrors } = useFormState(opened.form);
  const [isSaving, setSaving] = useState(false);

  async function submit() {
    const parsed = incidentUpdate.safeParse(incidentInput(form));
    if (!parsed.success) {
      setErrors(dateRequired(form, fieldErrors(parsed.error)));
      return;
    }
    const changes = changedFields(incidentInput(opened.form), incidentInput(form), parsed.data);
    if (Object.keys(changes).length === 0) return onDone();
    const change = incidentEditChange(user, incident, changes, opened.version);
    if (await saveAndNotify(change, 'Incident updated successfully!', 'Failed to update incident')) onDone();
  }

  return (
    <form
      aria-label="Edit incident"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        void submit().finally(() => setSaving(false));
      }}
      className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2"
    >
      <IncidentFields form={form} set={set} setValue={setValue} errors={errors} />
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" loading={isSaving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
