import { useId, useState } from 'react';
import { SearchInput } from '#client/components/ui/SearchInput.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';

/** The machines a part fits: ticked among this device's machines, a search narrowing the list. */
export function FitsMachines({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const machines = useMachineChoices() ?? [];
  const [words, setWords] = useState('');
  const legendId = useId();
  const wanted = words.trim().toLowerCase();
  const shown = machines.filter(
    (machine) => !wanted || `${machine.name} ${machine.machineId}`.toLowerCase().includes(wanted),
  );
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((other) => other !== id));
  return (
    <fieldset aria-labelledby={legendId} className="flex flex-col gap-1.5 sm:col-span-2">
      <span id={legendId} className="text-sm font-medium text-slate-700">
        Fits machines ({value.length} chosen)
      </span>
      <SearchInput
        aria-label="Search machines"
        placeholder="Machine name or ID"
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
      <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
        {shown.map((machine) => (
          <li key={machine._id}>
            <label className="flex min-h-11 items-center gap-3 px-3">
              <input
                type="checkbox"
                className="size-5 shrink-0"
                checked={value.includes(machine._id)}
                onChange={(event) => toggle(machine._id, event.target.checked)}
              />
              <span>
                {machine.name} <span className="text-slate-500">({machine.machineId})</span>
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="px-3 py-2 text-slate-600">No machine matches.</li>}
      </ul>
    </fieldset>
  );
}
