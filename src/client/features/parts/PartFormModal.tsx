import { X } from 'lucide-react';
import { useState } from 'react';
import { unitLabels, units } from '#shared/parts.ts';
import { partCreate } from '#shared/schemas/part.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input, Select, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { PhotoField } from '#client/features/attachments/PhotoField.tsx';
import { notify } from '#client/lib/notify.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { FitsMachines } from './FitsMachines.tsx';
import { createPartChange, partEditChange } from './part-changes.ts';
import { changedPartFields, emptyPartForm, formFromPart, partInput, type PartForm } from './part-form.ts';
import { photoNeedsConnection, uploadPartPhoto } from './part-photo.ts';
import { PartPhoto } from './PartPhoto.tsx';
import { useParts, type LocalPart } from './use-parts.ts';

const numberFields = [
  ['unitCost', 'Unit cost'],
  ['minStock', 'Minimum stock'],
  ['maxStock', 'Maximum stock'],
] as const;

/**
 * New part and Edit part (`part:manage`), saved through the outbox so they work offline; a new photo
 * is uploaded first and needs a connection (src/docs/parts.md).
 */
export function PartFormModal({ part, onClose }: { part?: LocalPart; onClose: () => void }) {
  const user = useSignedInUser();
  const parts = useParts();
  const machines = useMachineChoices() ?? [];
  const [initial] = useState<PartForm>(() => (part ? formFromPart(part) : emptyPartForm));
  const { form, set, setValue, errors, setErrors } = useFormState(initial);
  const [photo, setPhoto] = useState<File | null>(null);

  async function submit() {
    const parsed = partCreate.safeParse(partInput(form));
    const number = form.partNumber.trim();
    const taken = parts?.some((other) => other.partNumber === number && other._id !== part?._id);
    if (!parsed.success || taken) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(taken ? { partNumber: `partNumber ${number} is already used by another part` } : {}),
      });
      return;
    }
    let photoId = parsed.data.photo;
    if (photo) {
      try {
        photoId = await uploadPartPhoto(photo);
      } catch (error) {
        notify.error(error, 'Failed to upload file');
        return;
      }
      if (!photoId) return setErrors({ photo: photoNeedsConnection });
    }
    const input = { ...parsed.data, photo: photoId };
    const chosen = machines
      .filter((machine) => input.machines.includes(machine._id))
      .map(({ _id, name, machineId }) => ({ _id, name, machineId }));
    if (!part) {
      if (await saveAndNotify(createPartChange(user, input, chosen), 'Part created', 'Failed to create part'))
        onClose();
      return;
    }
    const changes = changedPartFields(initial, { ...form, photo: photoId }, input);
    if (Object.keys(changes).length === 0) return onClose();
    if (await saveAndNotify(partEditChange(user, part, changes, chosen), 'Part updated', 'Failed to update part'))
      onClose();
  }

  return (
    <FormModal
      onClose={onClose}
      title={part ? `Edit ${part.partNumber}` : 'New part'}
      submitLabel={part ? 'Save Changes' : 'Create Part'}
      onSubmit={submit}
    >
      <Field label="Part number" required error={errors.partNumber}>
        <Input value={form.partNumber} onChange={set('partNumber')} maxLength={60} autoFocus />
      </Field>
      <Field label="Unit" error={errors.unit}>
        <Select
          value={form.unit}
          onChange={set('unit')}
          options={units.map((unit) => ({ value: unit, label: unitLabels[unit] }))}
        />
      </Field>
      <Field label="Name" required error={errors.name} className="sm:col-span-2">
        <Input value={form.name} onChange={set('name')} maxLength={200} />
      </Field>
      <Field label="Description" error={errors.description} className="sm:col-span-2">
        <Textarea value={form.description} onChange={set('description')} maxLength={2000} rows={2} />
      </Field>
      {numberFields.map(([field, label]) => (
        <Field key={field} label={label} error={errors[field]}>
          <Input inputMode="decimal" value={form[field]} onChange={set(field)} placeholder="0" />
        </Field>
      ))}
      <FitsMachines value={form.machines} onChange={(ids) => setValue('machines', ids)} />
      {form.photo && !photo ? (
        <div className="flex items-center gap-3 sm:col-span-2">
          <PartPhoto fileId={form.photo} className="size-20" />
          <Button variant="ghost" onClick={() => setValue('photo', null)}>
            <X aria-hidden="true" className="size-5" /> Remove the photo
          </Button>
        </div>
      ) : (
        <PhotoField photo={photo} onChange={setPhoto} />
      )}
      {errors.photo && <p className="text-sm text-red-700 sm:col-span-2">{errors.photo}</p>}
    </FormModal>
  );
}
