import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useUsers } from '#client/data/session/use-users.ts';
import { localToday } from '#client/lib/money.ts';
import { labourChange, parseHours } from './labour-changes.ts';

/**
 * Record hours on a ticket, saved through the outbox (works offline). Engineers and admins may
 * record anyone's hours; everyone else records their own.
 */
export function RecordHoursDialog({
  ticket,
  onClose,
}: {
  ticket: { _id: string; ticketNumber: string };
  onClose: () => void;
}) {
  const user = useSignedInUser();
  const people = useUsers() ?? [];
  const forAnyone = can(user.role, 'labour:manage');
  const [personId, setPersonId] = useState(user._id);
  const [hours, setHours] = useState('');
  const [workedOn, setWorkedOn] = useState(localToday());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ hours?: string; workedOn?: string }>({});

  async function submit() {
    const amount = parseHours(hours);
    const found = {
      hours: amount === null ? 'Give the hours: more than 0, at most 24, at most 2 decimals' : undefined,
      workedOn: /^\d{4}-\d{2}-\d{2}$/.test(workedOn) ? undefined : 'Give the day worked',
    };
    setErrors(found);
    if (amount === null || found.workedOn) return;
    const person = people.find((candidate) => candidate._id === personId) ?? user;
    const change = labourChange(user, ticket, {
      person: { _id: person._id, name: person.name },
      hours: amount,
      workedOn,
      note: note.trim(),
    });
    if (await saveAndNotify(change, 'Hours recorded', 'Failed to record hours')) onClose();
  }

  const choices = people.some((person) => person._id === user._id) ? people : [user, ...people];
  return (
    <FormModal
      onClose={onClose}
      title={`Record hours · ${ticket.ticketNumber}`}
      submitLabel="Record hours"
      onSubmit={submit}
    >
      {forAnyone && (
        <Field label="Person" required>
          <Select
            options={choices.map((person) => ({ value: person._id, label: person.name }))}
            value={personId}
            onChange={(event) => setPersonId(event.target.value)}
          />
        </Field>
      )}
      <Field label="Hours" required error={errors.hours}>
        <Input inputMode="decimal" value={hours} onChange={(event) => setHours(event.target.value)} autoFocus />
      </Field>
      <Field label="Day worked" required error={errors.workedOn}>
        <Input type="date" value={workedOn} max={localToday()} onChange={(event) => setWorkedOn(event.target.value)} />
      </Field>
      <Field label="Note" className="sm:col-span-2">
        <Input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </Field>
    </FormModal>
  );
}
