import { useState } from 'react';
import { downtimeCategories, downtimeReasons, type DowntimeCategory } from '#shared/downtime-reasons.ts';
import type { MachineStatus } from '#shared/enums.ts';
import type { DowntimeReason } from '#shared/schemas/downtime.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';

interface StopReasonDialogProps {
  machineName: string;
  status: MachineStatus;
  /** The reason picked (null: skipped) and whether to raise a ticket for the stop. */
  onDone: (reason: DowntimeReason | null, raiseTicket: boolean) => void;
  onCancel: () => void;
}

const choice = buttonClasses('secondary', 'md', 'w-full justify-start text-left');

/**
 * Why the machine stopped, one tap per level on a tablet: a category, then its detail. Skippable at
 * every step; the last one takes an optional note and offers to raise a ticket with the machine and
 * reason filled in.
 */
export function StopReasonDialog({ machineName, status, onDone, onCancel }: StopReasonDialogProps) {
  const [category, setCategory] = useState<DowntimeCategory | null>(null);
  const [reason, setReason] = useState<DowntimeReason | null | undefined>(undefined);
  const [note, setNote] = useState('');
  const verb = status === 'Down' ? 'down' : 'in maintenance';

  const done = (raiseTicket: boolean) => onDone(reason ? { ...reason, note: note.trim() || null } : null, raiseTicket);

  const footer =
    reason === undefined ? (
      <Button variant="ghost" onClick={() => setReason(null)}>
        Skip reason
      </Button>
    ) : (
      <>
        <Button variant="secondary" onClick={() => done(false)}>
          Save without ticket
        </Button>
        <Button onClick={() => done(true)}>Save and raise ticket</Button>
      </>
    );

  return (
    <Modal open onClose={onCancel} title={`Why is ${machineName} ${verb}?`} footer={footer}>
      {reason !== undefined ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            {reason ? `Reason: ${reason.category}${reason.detail ? `, ${reason.detail}` : ''}.` : 'No reason given.'}{' '}
            Raise a maintenance ticket for this stop?
          </p>
          {reason && (
            <Field label="Note" hint="Optional: what you saw, in your own words.">
              <Textarea rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
            </Field>
          )}
        </div>
      ) : category === null ? (
        <div role="group" aria-label="Reason" className="grid gap-2 sm:grid-cols-2">
          {downtimeCategories.map((option) => (
            <button key={option} type="button" className={choice} onClick={() => setCategory(option)}>
              {option}
            </button>
          ))}
        </div>
      ) : (
        <div role="group" aria-label={`${category}: detail`} className="grid gap-2 sm:grid-cols-2">
          {downtimeReasons[category].map((detail) => (
            <button
              key={detail}
              type="button"
              className={choice}
              onClick={() => setReason({ category, detail, note: null })}
            >
              {detail}
            </button>
          ))}
          <button type="button" className={choice} onClick={() => setReason({ category, detail: null, note: null })}>
            {category}, no detail
          </button>
        </div>
      )}
    </Modal>
  );
}
