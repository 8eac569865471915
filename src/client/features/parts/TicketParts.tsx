import { Link } from '@tanstack/react-router';
import { PackageMinus } from 'lucide-react';
import { useState } from 'react';
import { mayUsePartsFor } from '#shared/permissions.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { SearchInput } from '#client/components/ui/SearchInput.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { fullestBin } from './part-changes.ts';
import { StockMoveDialog } from './StockMoveDialog.tsx';
import {
  quantityText,
  useBinChoices,
  useParts,
  usePartsForTicket,
  usePendingMoves,
  useRefetchOnConfirm,
  type LocalPart,
} from './use-parts.ts';

type TicketRef = Pick<Ticket, '_id' | 'ticketNumber' | 'title' | 'reportedBy' | 'assignedTo'>;

/** Finds the part to issue among the catalogue this device holds (works offline). */
function ChoosePart({ onChoose, onClose }: { onChoose: (part: LocalPart) => void; onClose: () => void }) {
  const parts = useParts() ?? [];
  const [words, setWords] = useState('');
  const wanted = words.trim().toLowerCase();
  const found = wanted
    ? parts.filter((part) => `${part.partNumber} ${part.name}`.toLowerCase().includes(wanted)).slice(0, 30)
    : [];
  return (
    <Modal open onClose={onClose} title="Issue part" size="lg">
      <div className="space-y-3">
        <SearchInput
          aria-label="Search parts"
          placeholder="Part number or name"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          autoFocus
        />
        {wanted && found.length === 0 && <p className="text-sm text-slate-600">No part matches.</p>}
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm empty:hidden">
          {found.map((part) => (
            <li key={part._id}>
              <button
                type="button"
                onClick={() => onChoose(part)}
                className="flex min-h-11 w-full flex-wrap items-center gap-x-3 px-3 py-2 text-left hover:bg-slate-50"
              >
                <span className="font-medium text-brand-700">{part.partNumber}</span>
                <span className="text-slate-900">{part.name}</span>
                <span className="text-slate-600">{quantityText(part.free, part.unit)} free</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}

function IssueDialog({ part, ticket, onClose }: { part: LocalPart; ticket: TicketRef; onClose: () => void }) {
  const choices = useBinChoices(part);
  const bins = part.bins.length > 0 ? part.bins.map((row) => row.bin) : choices;
  return (
    <StockMoveDialog
      part={part}
      kind="issue"
      bins={bins}
      bin={fullestBin(part)}
      ticket={{ _id: ticket._id, ticketNumber: ticket.ticketNumber, title: ticket.title }}
      onClose={onClose}
    />
  );
}

/**
 * The parts of a ticket (src/docs/parts.md): planned and used as the server last said, this device's
 * issues not sent yet on top, and "Issue part", which is saved on the device at once.
 */
export function TicketParts({ ticket, finished }: { ticket: TicketRef; finished: boolean }) {
  const user = useSignedInUser();
  const forWork = usePartsForTicket(ticket._id);
  const pending = usePendingMoves({ ticket: ticket._id });
  useRefetchOnConfirm(pending.length, forWork.refetch);
  const [choosing, setChoosing] = useState(false);
  const [issuing, setIssuing] = useState<LocalPart | null>(null);
  const mayIssue = !finished && mayUsePartsFor(user, [ticket.reportedBy?._id, ticket.assignedTo?._id]);
  const planned = forWork.data?.planned ?? [];
  const used = forWork.data?.used ?? [];
  const nothing = planned.length === 0 && used.length === 0 && pending.length === 0;

  return (
    <section aria-labelledby="ticket-parts" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ticket-parts" className="font-semibold text-slate-900">
          Parts
        </h3>
        {mayIssue && (
          <Button variant="secondary" onClick={() => setChoosing(true)} className="print:hidden">
            <PackageMinus aria-hidden="true" className="size-4" /> Issue part
          </Button>
        )}
      </div>
      {forWork.isError && !forWork.data && (
        <p className="text-sm text-slate-600">
          Planned and used parts are read from the server: not available offline.
        </p>
      )}
      {nothing && !forWork.isError && !forWork.isPending && (
        <p className="text-sm text-slate-600">No parts planned or used.</p>
      )}
      {!nothing && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {planned.map((line) => (
            <li key={line._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-500">Planned</span>
              <Link to="/parts" search={{ part: line.part._id }} className="font-medium text-brand-700 hover:underline">
                {line.part.partNumber}
              </Link>
              <span className="text-slate-900">{line.part.name}</span>
              <span>{quantityText(line.quantity, line.part.unit)}</span>
              {line.bin && <span className="text-slate-600">{line.bin.code}</span>}
            </li>
          ))}
          {used.map((line) => (
            <li
              key={`${line.part._id}:${line.bin._id}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
            >
              <span className="font-medium text-slate-500">Used</span>
              <Link to="/parts" search={{ part: line.part._id }} className="font-medium text-brand-700 hover:underline">
                {line.part.partNumber}
              </Link>
              <span className="text-slate-900">{line.part.name}</span>
              <span>{quantityText(line.quantity, line.part.unit)}</span>
              <span className="text-slate-600">
                {line.bin.storeroom.name} {line.bin.code}
              </span>
            </li>
          ))}
          {pending.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-500">Issued</span>
              <span>{entry.label}</span>
              <PendingMark count={1} />
            </li>
          ))}
        </ul>
      )}
      {choosing && (
        <ChoosePart
          onClose={() => setChoosing(false)}
          onChoose={(part) => {
            setChoosing(false);
            setIssuing(part);
          }}
        />
      )}
      {issuing && <IssueDialog part={issuing} ticket={ticket} onClose={() => setIssuing(null)} />}
    </section>
  );
}
