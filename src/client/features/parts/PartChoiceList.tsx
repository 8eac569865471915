import { quantityText, type LocalPart } from './use-parts.ts';

/**
 * Parts to pick one of (to issue or plan): number, name and what is free, and a note where one is given
 * ("Fits this machine"), each row a touch target.
 */
export function PartChoiceList({
  parts,
  onChoose,
  note,
}: {
  parts: LocalPart[];
  onChoose: (part: LocalPart) => void;
  note?: (part: LocalPart) => string | null;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm empty:hidden">
      {parts.map((part) => (
        <li key={part._id}>
          <button
            type="button"
            onClick={() => onChoose(part)}
            className="flex min-h-11 w-full flex-wrap items-center gap-x-3 px-3 py-2 text-left hover:bg-slate-50"
          >
            <span className="font-medium text-brand-700">{part.partNumber}</span>
            <span className="text-slate-900">{part.name}</span>
            <span className="text-slate-600">{quantityText(part.free, part.unit)} free</span>
            {note?.(part) && <span className="text-slate-500">{note(part)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
