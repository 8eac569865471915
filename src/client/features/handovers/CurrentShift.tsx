import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import { currentShift, type ShiftPlan } from '#shared/shifts.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import type { Local } from '#client/data/store/db.ts';
import type { Handover } from '#shared/schemas/handover.ts';
import { handOverChange } from './handover-changes.ts';
import { HandoverContentsList } from './HandoverContentsList.tsx';
import { useHandoverDraft } from './use-handovers.ts';
import { clearIfSent } from '#client/lib/clear-sent.ts';

const notesLimit = 4000;

interface CurrentShiftProps {
  department: string;
  plan: ShiftPlan;
  /** The department's log: whether this shift was handed over already. */
  log: Local<Handover>[] | undefined;
}

/** The shift running now: what the app lists for it, the outgoing shift's notes and "Hand Over". */
export function CurrentShift({ department, plan, log }: CurrentShiftProps) {
  const user = useSignedInUser();
  const shift = currentShift(new Date(), plan);
  const start = shift.start.toISOString();
  const draft = useHandoverDraft(department, start);
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const written = log?.find((handover) => handover.shiftStart === start);
  const tooLong = notes.length > notesLimit ? `Notes must be at most ${notesLimit} characters` : undefined;

  async function handOver() {
    if (tooLong) return;
    setSaving(true);
    const change = handOverChange(user, department, shift, notes.trim(), draft.data?.contents);
    if (await saveAndNotify(change, 'Shift handed over', 'Failed to hand over the shift')) setNotes(clearIfSent(notes));
    setSaving(false);
  }

  return (
    <div className="print:hidden">
      <Panel title={`Current shift: ${shift.day} ${shift.label}`}>
        {written ? (
          <p className="text-sm text-slate-700">
            Handed over by {written.writtenBy?.name ?? 'a former user'}: see the log below.
          </p>
        ) : (
          <div className="space-y-4">
            {draft.data ? (
              <HandoverContentsList contents={draft.data.contents} />
            ) : (
              <p className="text-sm text-slate-600">
                {draft.isError
                  ? 'Offline: the server lists the shift when the handover reaches it.'
                  : 'Listing the shift…'}
              </p>
            )}
            <Field label="Notes for the incoming shift" error={tooLong}>
              <Textarea
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                placeholder="What the next shift should know"
              />
            </Field>
            {can(user.role, 'handover:write') && (
              <Button loading={saving} onClick={() => void handOver()}>
                Hand Over
              </Button>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
