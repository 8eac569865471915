import { useRef, useState } from 'react';
import { checklistNotAssigned, mayAnswerChecklist } from '#shared/permissions.ts';
import type { ChecklistItem, ChecklistPatch } from '#shared/schemas/schedule.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Textarea } from '#client/components/ui/Field.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { CheckResultButtons } from './CheckResultButtons.tsx';
import { FailTicket } from './FailTicket.tsx';
import { checklistChange } from './schedule-changes.ts';
import type { LocalSchedule } from './schedule-list.ts';

interface ChecklistItemRowProps {
  schedule: LocalSchedule;
  item: ChecklistItem;
}

/**
 * One task: its result (Pass, Fail, N/A) is saved at once, the note when the field is left or with
 * Save; a failed item offers to raise its repair ticket. The API's tick (`completed`) has no box of its
 * own here: a result says more.
 */
export function ChecklistItemRow({ schedule, item }: ChecklistItemRowProps) {
  const user = useSignedInUser();
  const mayAnswer = mayAnswerChecklist(user, schedule);
  const result = item.result ?? null;
  const [note, setNote] = useState(item.notes);
  // Leaving the field and pressing Save both save, before the stored note changes; the second finds nothing new.
  const savedNote = useRef(item.notes);

  const save = (patch: ChecklistPatch) =>
    saveAndNotify(checklistChange(user, schedule, item, patch), 'Checklist updated!', 'Failed to update checklist');

  function saveNote() {
    const notes = note.trim();
    if (notes === savedNote.current) return;
    savedNote.current = notes;
    void save({ notes });
  }

  return (
    <li
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      title={mayAnswer ? undefined : checklistNotAssigned}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 flex-1 text-sm break-words text-slate-900">{item.task}</span>
        <CheckResultButtons
          task={item.task}
          result={result}
          disabled={!mayAnswer}
          onChange={(next) => void save({ result: next })}
        />
      </div>
      <div className="flex items-start gap-2">
        <Textarea
          aria-label={`Notes for ${item.task}`}
          placeholder="Add a note"
          rows={1}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onBlur={saveNote}
          disabled={!mayAnswer}
          className="min-h-11 flex-1"
        />
        {note.trim() !== item.notes && (
          <Button variant="secondary" onClick={saveNote} aria-label={`Save note for ${item.task}`}>
            Save
          </Button>
        )}
      </div>
      {result === 'Fail' && (
        <div>
          <FailTicket schedule={schedule} item={item} />
        </div>
      )}
    </li>
  );
}
