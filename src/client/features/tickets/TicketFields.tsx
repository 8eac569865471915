import type { ReactNode } from 'react';
import { priorities, ticketCategories } from '#shared/enums.ts';
import { Field, Input, Select, Textarea } from '#client/components/ui/Field.tsx';
import { HoursInput } from '#client/components/ui/HoursInput.tsx';
import type { TicketForm } from './ticket-form.ts';

interface TicketFieldsProps {
  form: TicketForm;
  set: (field: keyof TicketForm) => (event: { target: { value: string } }) => void;
  errors: Record<string, string>;
  /** Whether this user may change the field (a reporter edits only the text of a Pending ticket). */
  may?: (field: keyof TicketForm) => boolean;
  /** The machine choice of a new ticket, shown under the title. */
  machine?: ReactNode;
}

/** The ticket's own fields, in a two-column grid, as creating and editing a ticket show them. */
export function TicketFields({ form, set, errors, may = () => true, machine }: TicketFieldsProps) {
  return (
    <>
      <Field label="Title" required error={errors.title} className="sm:col-span-2">
        <Input value={form.title} onChange={set('title')} maxLength={200} disabled={!may('title')} />
      </Field>
      {machine}
      <Field label="Priority" error={errors.priority}>
        <Select value={form.priority} onChange={set('priority')} options={priorities} disabled={!may('priority')} />
      </Field>
      <Field label="Category" error={errors.category}>
        <Select
          value={form.category}
          onChange={set('category')}
          options={ticketCategories}
          disabled={!may('category')}
        />
      </Field>
      <Field
        label="Estimated Hours"
        hint="Optional, in steps of 0.5"
        error={errors.estimatedHours}
        className="sm:col-span-2"
      >
        <HoursInput value={form.estimatedHours} onChange={set('estimatedHours')} disabled={!may('estimatedHours')} />
      </Field>
      <Field label="Description" required error={errors.description} className="sm:col-span-2">
        <Textarea
          value={form.description}
          onChange={set('description')}
          rows={5}
          maxLength={5000}
          disabled={!may('description')}
        />
      </Field>
    </>
  );
}
