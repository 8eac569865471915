import { isolationKindLabels, isolationKinds, isolationTextFields, type IsolationPoint } from '#shared/isolation.ts';
import { Field, Select, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { checkIsolationPoint } from './isolation-point-form.ts';

const kindOptions = isolationKinds.map((kind) => ({ value: kind, label: isolationKindLabels[kind] }));
const textFields = Object.entries(isolationTextFields) as [keyof typeof isolationTextFields, string][];

interface IsolationPointDialogProps {
  /** The point as it starts: an existing one to edit, or a new empty one. */
  point: IsolationPoint;
  isNew: boolean;
  onSave: (point: IsolationPoint) => Promise<boolean>;
  onClose: () => void;
}

/** Add or edit one isolation point; mounted when opened. */
export function IsolationPointDialog({ point, isNew, onSave, onClose }: IsolationPointDialogProps) {
  const { form, set, errors, setErrors } = useFormState(point);

  async function submit() {
    const checked = checkIsolationPoint(form);
    if (checked.errors) return setErrors(checked.errors);
    if (await onSave(checked.point)) onClose();
  }

  return (
    <FormModal
      onClose={onClose}
      title={isNew ? 'Add Isolation Point' : 'Edit Isolation Point'}
      submitLabel={isNew ? 'Add Point' : 'Save Point'}
      onSubmit={submit}
    >
      <Field label="Energy kind" error={errors.kind} className="sm:col-span-2">
        <Select value={form.kind} onChange={set('kind')} options={kindOptions} />
      </Field>
      {textFields.map(([field, label]) => (
        <Field key={field} label={label} required error={errors[field]} className="sm:col-span-2">
          <Textarea value={form[field]} onChange={set(field)} rows={2} maxLength={500} />
        </Field>
      ))}
    </FormModal>
  );
}
