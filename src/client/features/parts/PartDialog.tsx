import { ArrowLeftRight, PackageCheck, PackagePlus, Pencil, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import { moveKindLabels, unitLabels } from '#shared/parts.ts';
import type { StockMove } from '#shared/schemas/part.ts';
import { stockMoveColumns } from '#shared/export-columns.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { ExportButton } from '#client/components/ui/ExportButton.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { RecordModal } from '#client/components/ui/RecordModal.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { PartFormModal } from './PartFormModal.tsx';
import { PartPhoto } from './PartPhoto.tsx';
import { StockMoveDialog } from './StockMoveDialog.tsx';
import {
  quantityText,
  useBinChoices,
  usePart,
  usePartDetail,
  usePendingMoves,
  useRefetchOnConfirm,
  type LocalPart,
} from './use-parts.ts';

interface MoveRow {
  _id: string;
  kind: StockMove['kind'];
  quantity: number;
  change: number | null;
  bin: string;
  work: string | null;
  by: string;
  at: string;
  pending: boolean;
}

const moveQuantity = (row: MoveRow, unit: string) => {
  if (row.kind === 'adjustment')
    return `counted ${row.quantity} ${unit}${row.change !== null ? ` (${row.change >= 0 ? '+' : ''}${row.change})` : ''}`;
  return `${row.kind === 'issue' || row.kind === 'transfer' ? '−' : '+'}${row.quantity} ${unit}`;
};

function RecentMoves({ part }: { part: LocalPart }) {
  const detail = usePartDetail(part._id);
  const pending = usePendingMoves({ part: part._id });
  useRefetchOnConfirm(pending.length, detail.refetch);
  const rows: MoveRow[] = [
    ...pending.toReversed().map((entry) => ({
      _id: entry.id,
      kind: entry.preview.kind,
      quantity: entry.preview.quantity,
      change: null,
      bin: `${entry.preview.bin.storeroom.name} ${entry.preview.bin.code}`,
      work: entry.preview.ticket?.ticketNumber ?? entry.preview.schedule?.title ?? null,
      by: 'This device',
      at: entry.preview.movedAt,
      pending: true,
    })),
    ...(detail.data?.moves ?? []).map((move) => ({
      _id: move._id,
      kind: move.kind,
      quantity: move.quantity,
      change: move.change,
      bin: `${move.bin.storeroom.name} ${move.bin.code}${move.toBin ? ` → ${move.toBin.code}` : ''}`,
      work: move.ticket?.ticketNumber ?? move.schedule?.title ?? null,
      by: move.by?.name ?? 'a former user',
      at: move.movedAt,
      pending: false,
    })),
  ];
  return (
    <section aria-labelledby="part-moves" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="part-moves" className="text-sm font-semibold text-slate-900">
          Recent moves
        </h4>
        <ExportButton
          noun="moves"
          what="stock-moves"
          query={{ part: part._id }}
          columns={stockMoveColumns}
          local={() => Promise.resolve(detail.data?.moves ?? [])}
        />
      </div>
      {detail.isError && !detail.data && (
        <p className="text-sm text-slate-600">The moves are read from the server: not available offline yet.</p>
      )}
      {rows.length === 0 && !detail.isPending && <p className="text-sm text-slate-600">No moves yet.</p>}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {rows.slice(0, 20).map((row) => (
            <li key={row._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-900">{moveKindLabels[row.kind]}</span>
              <span>{moveQuantity(row, part.unit)}</span>
              <span className="text-slate-600">{row.bin}</span>
              {row.work && <span className="text-slate-600">{row.work}</span>}
              <span className="text-slate-500">
                {row.by}, {formatDateTime(row.at)}
              </span>
              {row.pending && <PendingMark count={1} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PartDetails({ part }: { part: LocalPart }) {
  const user = useSignedInUser();
  const bins = useBinChoices(part);
  const [doing, setDoing] = useState<'receipt' | 'adjustment' | 'transfer' | 'return' | 'edit' | null>(null);
  const manages = can(user.role, 'part:manage');
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        {part.discrepancy && <Badge tone="red">Discrepancy</Badge>}
        {part.belowMinimum && <Badge tone="orange">Below minimum</Badge>}
        <PendingMark count={part._pending} />
      </div>
      {part.photo && <PartPhoto fileId={part.photo} className="max-h-48" />}
      <DetailList
        className="grid-cols-1 sm:grid-cols-2"
        details={[
          ['Name', part.name],
          ...(part.description ? [['Description', part.description] as [string, string]] : []),
          ['Unit', unitLabels[part.unit]],
          ['On hand', quantityText(part.onHand, part.unit)],
          ['Free', `${quantityText(part.free, part.unit)} (${part.reserved} reserved)`],
          ['Minimum / maximum', `${part.minStock} / ${part.maxStock}`],
          ['Unit cost', part.unitCost.toFixed(2)],
        ]}
      />
      {manages && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDoing('receipt')}>
            <PackagePlus aria-hidden="true" className="size-4" /> Receive
          </Button>
          <Button variant="secondary" onClick={() => setDoing('adjustment')}>
            <PackageCheck aria-hidden="true" className="size-4" /> Count
          </Button>
          <Button variant="secondary" onClick={() => setDoing('transfer')}>
            <ArrowLeftRight aria-hidden="true" className="size-4" /> Transfer
          </Button>
          <Button variant="secondary" onClick={() => setDoing('return')}>
            <Undo2 aria-hidden="true" className="size-4" /> Return
          </Button>
          <Button variant="secondary" onClick={() => setDoing('edit')}>
            <Pencil aria-hidden="true" className="size-4" /> Edit
          </Button>
        </div>
      )}
      <section aria-labelledby="part-bins" className="space-y-2">
        <h4 id="part-bins" className="text-sm font-semibold text-slate-900">
          Bins
        </h4>
        {part.bins.length === 0 ? (
          <p className="text-sm text-slate-600">Never stocked.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {part.bins.map((row) => (
              <li key={row.bin._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <span className="font-medium text-slate-900">
                  {row.bin.storeroom.name} {row.bin.code}
                </span>
                <span>On hand {quantityText(row.onHand, part.unit)}</span>
                <span className="text-slate-600">Free {row.free}</span>
                {row.discrepancy && <Badge tone="red">Discrepancy</Badge>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <RecentMoves part={part} />
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">Fits:</span>{' '}
        {part.machines.map((machine) => machine.name).join(', ') || 'no machine named'}
      </p>
      {doing === 'edit' && <PartFormModal part={part} onClose={() => setDoing(null)} />}
      {doing && doing !== 'edit' && (
        <StockMoveDialog part={part} kind={doing} bins={bins} onClose={() => setDoing(null)} />
      )}
    </div>
  );
}

/** One part, opened from the list (`?part=<id>`): its bins, its latest moves and, for the stores, Receive and Count. */
export function PartDialog({ partId, onClose }: { partId: string; onClose: () => void }) {
  const part = usePart(partId);
  return (
    <RecordModal
      open
      onClose={onClose}
      title={part ? `${part.partNumber} · ${part.name}` : 'Part'}
      size="lg"
      record={part}
      missing="This part is not on this device: it reaches it with the next sync."
    >
      {(record) => <PartDetails part={record} />}
    </RecordModal>
  );
}
