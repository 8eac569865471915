import { Badge } from '#client/components/ui/Badge.tsx';
import { RecordCard } from '#client/components/ui/RecordCard.tsx';
import { quantityText, type LocalPart } from './use-parts.ts';

/** A part in the list: number and name, its stock with the unit, its bins and what is wrong with it. */
export function PartCard({ part, onOpen }: { part: LocalPart; onOpen: () => void }) {
  return (
    <RecordCard
      label={`Part ${part.partNumber}`}
      number={part.partNumber}
      onOpen={onOpen}
      pending={part._pending}
      className="gap-2"
      badges={
        <>
          {part.discrepancy && <Badge tone="red">Discrepancy</Badge>}
          {part.belowMinimum && <Badge tone="orange">Below minimum</Badge>}
        </>
      }
    >
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
    </RecordCard>
  );
}
