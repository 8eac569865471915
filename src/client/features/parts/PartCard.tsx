import { Badge } from '#client/components/ui/Badge.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { quantityText, type LocalPart } from './use-parts.ts';

/** A part in the list: number and name, its stock with the unit, its bins and what is wrong with it. */
export function PartCard({ part, onOpen }: { part: LocalPart; onOpen: () => void }) {
  return (
    <article
      aria-label={`Part ${part.partNumber}`}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-surface p-4"
    >
      <header className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onOpen}
          className="min-h-11 text-left font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {part.partNumber}
        </button>
        {part.discrepancy && <Badge tone="red">Discrepancy</Badge>}
        {part.belowMinimum && <Badge tone="orange">Below minimum</Badge>}
        <PendingMark count={part._pending} />
      </header>
      <p className="text-sm break-words text-slate-900">{part.name}</p>
      <p className="text-sm text-slate-700">
        <span className="font-medium">On hand</span> {quantityText(part.onHand, part.unit)} ·{' '}
        <span className="font-medium">Free</span> {quantityText(part.free, part.unit)}
        <span className="text-slate-500"> · min {part.minStock}</span>
      </p>
      <p className="text-xs text-slate-600">
        {part.bins.length === 0
          ? 'Never stocked'
          : part.bins.map((row) => `${row.bin.storeroom.name} ${row.bin.code}: ${row.onHand}`).join(' · ')}
      </p>
    </article>
  );
}
