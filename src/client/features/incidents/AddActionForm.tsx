import { actionKinds } from '#shared/enums.ts';
import { newId } from '#shared/ids.ts';
import { today } from '#shared/incident-actions.ts';
import { actionCreate } from '#shared/schemas/incident-action.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useUsers } from '#client/data/session/use-users.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { addActionChange } from './action-changes.ts';
import type { LocalIncident } from './incident-list.ts';

const kindOptions = actionKinds.map((kind) => ({
  value: kind,
  label: kind === 'corrective' ? 'Corrective' : 'Preventive',
}));
const blank = () => ({ title: '', kind: 'corrective', owner: '', dueDate: '' });

/** Safety staff add an action: what, which kind, who owns it and by when. Saved offline like every change. */
export function AddActionForm({ incident }: { incident: LocalIncident }) {
  const user = useSignedInUser();
  const users = useUsers();
  const { form, set, errors, setErrors, setValue } = useFormState(blank);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = actionCreate.safeParse({ ...form, _id: newId() });
    const owner = users?.find((candidate) => candidate._id === form.owner);
    const problems = parsed.success ? {} : fieldErrors(parsed.error);
    if (!owner) problems.owner = 'Choose the owner';
    setErrors(problems);
    if (!parsed.success || !owner) return;
    const change = addActionChange(user, incident, parsed.data, owner);
    if (await saveAndNotify(change, 'Action added', 'Failed to add action')) {
      for (const [field, value] of Object.entries(blank())) setValue(field as keyof typeof form, value);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
    >
      <Field label="Action" required error={errors.title} className="sm:col-span-2">
        <Input value={form.title} onChange={set('title')} placeholder="e.g. Fit an interlocked guard" />
      </Field>
      <Field label="Kind">
        <Select options={kindOptions} value={form.kind} onChange={set('kind')} />
      </Field>
      <Field label="Owner" required error={errors.owner}>
        <Select
          value={form.owner}
          onChange={set('owner')}
          placeholder={users ? 'Select the owner' : 'Loading people…'}
          options={(users ?? []).map((person) => ({ value: person._id, label: person.name }))}
        />
      </Field>
      <Field label="Due date" required error={errors.dueDate}>
        <Input type="date" min={today()} value={form.dueDate} onChange={set('dueDate')} />
        {/* A past date is allowed (an action agreed late), but it is overdue the moment it is added. */}
        {form.dueDate && form.dueDate < today() && (
          <p role="status" className="text-sm text-amber-700">
            This date is already past: the action will show as overdue at once.
          </p>
        )}
      </Field>
      <div className="flex items-end">
        <Button type="submit">Add Action</Button>
      </div>
    </form>
  );
}
