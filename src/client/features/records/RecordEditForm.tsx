import { useState } from 'react';
import { SaveForm } from '#client/components/ui/SaveForm.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { changedFields } from '#client/lib/changed-fields.ts';
import type { NumberedRecord, RecordEditKind } from './record-kind.ts';

interface RecordEditFormProps<R, Form extends object, Valid extends object> {
  kind: RecordEditKind<R, Form, Valid>;
  record: R;
  /** The fields this user may edit. */
  editable: readonly string[] | 'all';
  onDone: () => void;
}

const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/**
 * A record's own fields, edited in its details; mounted when opened, so it starts from the record as
 * shown, and carries the version it opened from (an overwrite is then reported as such).
 */
export function RecordEditForm<R extends NumberedRecord, Form extends object, Valid extends object>({
  kind,
  record,
  editable,
  onDone,
}: RecordEditFormProps<R, Form, Valid>) {
  const user = useSignedInUser();
  const [opened] = useState(() => ({ form: kind.formFrom(record), version: record._server?.version ?? null }));
  const { form, set, setValue, errors, setErrors } = useFormState(opened.form);

  async function save() {
    const checked = kind.validate(kind.input(form), form);
    if ('errors' in checked) return setErrors(checked.errors);
    const changes = changedFields(kind.input(opened.form), kind.input(form), checked.data);
    if (Object.keys(changes).length === 0) return onDone();
    const change = kind.change(user, record, changes, opened.version);
    const name = capitalized(kind.noun);
    if (await saveAndNotify(change, `${name} updated successfully!`, `Failed to update ${kind.noun}`)) onDone();
  }

  return (
    <SaveForm
      label={`Edit ${kind.noun}`}
      onSave={save}
      onCancel={onDone}
      saveLabel="Save Changes"
      className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2"
    >
      {kind.fields({
        form,
        set,
        setValue,
        errors,
        may: (field) => editable === 'all' || editable.includes(String(field)),
      })}
    </SaveForm>
  );
}
