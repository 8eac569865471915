import { useState } from 'react';
import { priorities } from '#shared/enums.ts';
import { Field, Input, Select, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { HoursInput } from '#client/components/ui/HoursInput.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { MachineSelect } from '#client/components/ui/MachineSelect.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useUsers } from '#client/data/session/use-users.ts';
import { ChecklistTasksField } from './ChecklistTasksField.tsx';
import { RepeatField } from './RepeatField.tsx';
import { createScheduleChange, scheduleEditChange } from './schedule-changes.ts';
import {
  changedScheduleFields,
  emptyScheduleForm,
  formFromSchedule,
  validateScheduleForm,
  type ScheduleForm,
} from './schedule-form.ts';
import type { LocalSchedule } from './schedule-list.ts';

type Ref = { _id: string; name: string };

/** The choices, with the schedule's current one kept even when this device no longer lists it. */
function withCurrent<T extends Ref>(choices: T[], current: Ref | null | undefined): (T | Ref)[] {
  return current && !choices.some((choice) => choice._id === current._id) ? [current, ...choices] : choices;
}

interface ScheduleFormModalProps {
  /** The schedule to edit; none to schedule a new one. */
  schedule?: LocalSchedule;
  onClose: () => void;
}

/** Create and edit; mounted when opened, so each opening starts from the schedule (or empty). */
export function ScheduleFormModal({ schedule, onClose }: ScheduleFormModalProps) {
  const user = useSignedInUser();
  const [initial] = useState<ScheduleForm>(() => (schedule ? formFromSchedule(schedule) : emptyScheduleForm));
  const { form, set, setValue, errors, setErrors } = useFormState(initial);
  const machines = withCurrent(useMachineChoices() ?? [], schedule?.machine);
  const users = withCurrent(useUsers() ?? [], schedule?.assignedTo);

  // A field's message goes once it is edited; the next submit checks again.
  const edit: typeof set = (field) => (event) => {
    set(field)(event);
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  async function submit() {
    const { input, errors: invalid } = validateScheduleForm(form);
    const machine = machines.find((candidate) => candidate._id === form.machine);
    if (invalid || !machine) {
      setErrors({ ...invalid, ...(machine ? {} : { machine: 'Machine is required' }) });
      return;
    }
    const refs = { machine, assignee: users.find((candidate) => candidate._id === input.assignedTo) ?? null };
    if (!schedule) {
      return save(
        createScheduleChange(user, input, refs),
        'Maintenance scheduled successfully!',
        'Failed to schedule maintenance',
      );
    }
    const changes = changedScheduleFields(initial, form, input);
    if (Object.keys(changes).length === 0) return onClose();
    return save(
      scheduleEditChange(user, schedule, changes, refs),
      'Maintenance schedule updated!',
      'Failed to update maintenance schedule',
    );
  }

  async function save(change: QueuedChange, success: string, failure: string) {
    if (await saveAndNotify(change, success, failure)) onClose();
  }

  return (
    <FormModal
      onClose={onClose}
      title={schedule ? 'Edit Maintenance' : 'Schedule Maintenance'}
      submitLabel={schedule ? 'Save Changes' : 'Schedule Maintenance'}
      onSubmit={submit}
    >
      <Field label="Title" required error={errors.title} className="sm:col-span-2">
        <Input value={form.title} onChange={edit('title')} maxLength={200} />
      </Field>
      <Field label="Machine" required error={errors.machine} className="sm:col-span-2">
        <MachineSelect machines={machines} value={form.machine} onChange={edit('machine')} />
      </Field>
      <Field label="Scheduled Date" required error={errors.scheduledDate}>
        <Input type="datetime-local" value={form.scheduledDate} onChange={edit('scheduledDate')} />
      </Field>
      <Field label="Estimated Duration (hours)" hint="In steps of 0.5" error={errors.estimatedDuration}>
        <HoursInput value={form.estimatedDuration} onChange={edit('estimatedDuration')} />
      </Field>
      <Field label="Priority" error={errors.priority}>
        <Select value={form.priority} onChange={edit('priority')} options={priorities} />
      </Field>
      <Field label="Assigned To" error={errors.assignedTo}>
        <Select
          value={form.assignedTo}
          onChange={edit('assignedTo')}
          placeholder="Unassigned"
          options={users.map((candidate) => ({ value: candidate._id, label: candidate.name }))}
        />
      </Field>
      <RepeatField
        repeat={form.repeat}
        every={form.repeatEvery}
        workingDaysOnly={form.workingDaysOnly}
        error={errors.recurrence}
        onRepeat={(repeat) => setValue('repeat', repeat)}
        onEvery={(every) => setValue('repeatEvery', every)}
        onWorkingDaysOnly={(only) => setValue('workingDaysOnly', only)}
      />
      <Field label="Description" error={errors.description} className="sm:col-span-2">
        <Textarea value={form.description} onChange={edit('description')} rows={3} maxLength={5000} />
      </Field>
      <div className="sm:col-span-2">
        <ChecklistTasksField
          rows={form.checklist}
          onChange={(rows) => setValue('checklist', rows)}
          error={errors.checklist}
        />
      </div>
    </FormModal>
  );
}
