import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge, machineStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input } from '#client/components/ui/Field.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { matchMachines, shownMatches } from './machine-search.ts';

/**
 * For a device without a camera, a scratched label or a blocked camera: part of a machine's name or
 * ID finds it among this device's machines (offline too), and a tap opens it.
 */
export function MachineSearch() {
  const navigate = useNavigate();
  const machines = useMachineChoices();
  const resultsId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const matches = matchMachines(machines ?? [], typed);

  async function openFirst(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    if (!text) return setError('Type part of the machine name or the ID printed on the label');
    const [first, second] = matches;
    if (!first) return setError(`No machine matching "${text}" on this device`);
    const isExactId = first.machineId.toLowerCase() === text.toLowerCase();
    if (second && !isExactId) return setError('Several machines match: pick one below');
    await navigate({ to: '/machines', search: { machine: first._id } });
  }

  return (
    <div className="space-y-3">
      <form onSubmit={(event) => void openFirst(event)} noValidate role="search" className="flex items-end gap-2">
        <Field label="Machine name or ID" error={error} className="flex-1">
          <Input
            type="search"
            value={typed}
            placeholder="e.g. caster or CA-DC-02"
            autoComplete="off"
            aria-controls={resultsId}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
        {/* Kept level with the input when an error shows under it. */}
        <Button type="submit" variant="secondary" className={error ? 'mb-7' : ''}>
          Open
        </Button>
      </form>
      <ul id={resultsId} aria-label="Matching machines" className="space-y-2">
        {matches.slice(0, shownMatches).map((machine) => (
          <li key={machine._id}>
            <Link
              to="/machines"
              search={{ machine: machine._id }}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 bg-surface px-3 py-2 hover:bg-slate-50"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium break-words text-slate-900">{machine.name}</span>
                <span className="text-sm text-slate-600">
                  {machine.machineId} · {machine.department}
                </span>
              </span>
              <Badge tone={machineStatusTone[machine.status] ?? 'slate'}>{machine.status}</Badge>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      {matches.length > shownMatches && (
        <p className="text-sm text-slate-600">
          {matches.length - shownMatches} more match. Type more of the name or ID to narrow the list.
        </p>
      )}
    </div>
  );
}
