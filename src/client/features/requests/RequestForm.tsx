import { useState } from 'react';
import { newId } from '#shared/ids.ts';
import { departments } from '#shared/enums.ts';
import type { RequestKind, Urgency } from '#shared/requests.ts';
import { requestCreate } from '#shared/schemas/request.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input, Select, Textarea } from '#client/components/ui/Field.tsx';
import { MachineSelect } from '#client/components/ui/MachineSelect.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { kioskDb } from './kiosk-db.ts';
import { saveRequest } from './kiosk-outbox.ts';
import { kioskSender, useRequestMachines } from './use-kiosk.ts';
import { PhotoField } from '#client/features/attachments/PhotoField.tsx';
import { UrgencyChoice } from './UrgencyChoice.tsx';

const emptyForm = (machine: string) => ({
  machine,
  description: '',
  location: '',
  department: '',
  urgency: '' as Urgency | '',
  name: '',
  contact: '',
});

const words: Record<RequestKind, { description: string; placeholder: string; submit: string }> = {
  repair: {
    description: 'What is wrong?',
    placeholder: 'Oil under the gearbox, a noise, a guard loose…',
    submit: 'Send Request',
  },
  hazard: {
    description: 'What happened?',
    placeholder: 'What you saw, and what could have happened',
    submit: 'Send Report',
  },
};

/**
 * The request page's form: a repair request, or a near miss or hazard (which asks for no name).
 * Saved on the device first, then sent; `onSaved` gets the request's id.
 */
export function RequestForm({
  kind,
  machineId = '',
  onSaved,
}: {
  kind: RequestKind;
  machineId?: string;
  onSaved: (id: string) => void;
}) {
  const { form, set, setValue, errors, setErrors } = useFormState(() => emptyForm(machineId));
  const [photo, setPhoto] = useState<File | null>(null);
  const [isSaving, setSaving] = useState(false);
  const machines = useRequestMachines();

  async function submit() {
    const isRepair = kind === 'repair';
    const parsed = requestCreate.safeParse({
      _id: newId(),
      kind,
      description: form.description,
      urgency: form.urgency || undefined,
      location: form.location,
      ...(isRepair
        ? { machine: form.machine || undefined, name: form.name, contact: form.contact }
        : { department: form.department || undefined }),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setSaving(true);
    try {
      const waiting = photo && { _id: newId(), blob: photo, name: photo.name };
      await saveRequest(kioskDb, parsed.data, waiting);
      void kioskSender().run();
      onSaved(parsed.data._id);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {kind === 'repair' && (
        <Field label="Machine" className="sm:col-span-2" hint="Leave empty if you do not know which machine.">
          <MachineSelect machines={machines.data} value={form.machine} onChange={set('machine')} />
        </Field>
      )}
      <Field label={words[kind].description} required error={errors.description} className="sm:col-span-2">
        <Textarea
          rows={4}
          value={form.description}
          onChange={set('description')}
          placeholder={words[kind].placeholder}
        />
      </Field>
      <Field label="Where?" required={kind === 'hazard'} error={errors.location}>
        <Input value={form.location} onChange={set('location')} placeholder="Line, bay, door…" />
      </Field>
      {kind === 'hazard' && (
        <Field label="Department" required error={errors.department && 'Choose the department'}>
          <Select
            value={form.department}
            onChange={set('department')}
            placeholder="Select a department"
            options={departments.map((department) => ({ value: department, label: department }))}
          />
        </Field>
      )}
      <UrgencyChoice
        value={form.urgency}
        onChange={(urgency) => setValue('urgency', urgency)}
        error={errors.urgency && 'Choose how urgent it is'}
      />
      <PhotoField photo={photo} onChange={setPhoto} />
      {kind === 'repair' ? (
        <>
          <Field label="Your name (optional)" error={errors.name}>
            <Input value={form.name} onChange={set('name')} autoComplete="name" />
          </Field>
          <Field label="How to reach you (optional)" error={errors.contact}>
            <Input value={form.contact} onChange={set('contact')} placeholder="Phone, radio, email" />
          </Field>
        </>
      ) : (
        <p className="text-sm text-slate-600 sm:col-span-2">
          No name is asked or kept: the report reaches the safety team without any link to you or this device.
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSaving} className="w-full sm:w-auto">
          {words[kind].submit}
        </Button>
      </div>
    </form>
  );
}
