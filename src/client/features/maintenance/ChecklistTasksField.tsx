import { Plus, Trash2 } from 'lucide-react';
import type { ChecklistItem } from '#shared/schemas/schedule.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Field.tsx';
import { newChecklistRow } from './schedule-form.ts';

interface ChecklistTasksFieldProps {
  rows: ChecklistItem[];
  onChange: (rows: ChecklistItem[]) => void;
  /** From the shared schema (at most 100 tasks). */
  error?: string | undefined;
}

/** The checklist tasks of the schedule form: one row per task, added and removed freely; blank rows are dropped. */
export function ChecklistTasksField({ rows, onChange, error }: ChecklistTasksFieldProps) {
  const update = (index: number, task: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, task } : row)));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Checklist tasks</legend>
      {rows.length === 0 && <p className="text-sm text-slate-500">No tasks yet.</p>}
      <ol className="space-y-2">
        {rows.map((row, index) => (
          <li key={row._id} className="flex items-center gap-2">
            <span aria-hidden="true" className="w-6 text-right text-sm text-slate-500">
              {index + 1}.
            </span>
            <Input
              aria-label={`Task ${index + 1}`}
              value={row.task}
              onChange={(event) => update(index, event.target.value)}
              maxLength={500}
              className="min-w-0 flex-1"
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove task ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => onChange([...rows, newChecklistRow()])}>
        <Plus aria-hidden="true" className="size-4" /> Add Task
      </Button>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
