import { Plus, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Field.tsx';

export interface RowColumn<K extends string> {
  key: K;
  label: string;
  maxLength: number;
}

interface RowsFieldProps<K extends string> {
  legend: string;
  /** One row in words: 'person' gives 'Add Person', 'Name of person 2', 'Remove person 2'. */
  noun: string;
  columns: readonly RowColumn<K>[];
  rows: Record<K, string>[];
  onChange: (rows: Record<K, string>[]) => void;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A list of small records typed in rows (involved persons, witnesses): add a row, remove any row. */
export function RowsField<K extends string>({ legend, noun, columns, rows, onChange }: RowsFieldProps<K>) {
  const blank = () => Object.fromEntries(columns.map((column) => [column.key, ''])) as Record<K, string>;
  const update = (index: number, key: K, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));

  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {rows.map((row, index) => (
        <div key={index} className="flex items-start gap-2 rounded-lg bg-slate-50 p-2">
          <div className={`grid min-w-0 flex-1 gap-2 ${columns.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
            {columns.map((column) => (
              <Input
                key={column.key}
                aria-label={`${column.label} of ${noun} ${index + 1}`}
                placeholder={column.label}
                maxLength={column.maxLength}
                value={row[column.key]}
                onChange={(event) => update(index, column.key, event.target.value)}
              />
            ))}
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${noun} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => onChange([...rows, blank()])}>
        <Plus aria-hidden="true" className="size-4" /> Add {capitalised(noun)}
      </Button>
    </fieldset>
  );
}
