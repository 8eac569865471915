import type { EntryOf } from '#client/data/store/db.ts';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { moneyText } from '#client/lib/money.ts';
import { useRefetchOnConfirm, useWorkEntries } from '#client/features/parts/use-parts.ts';
import { useTicketCost } from './use-costs.ts';

/**
 * What the ticket cost (src/docs/costs.md): parts and labour as the server last said; parts moved and
 * hours recorded on this device and not sent yet are counted and costed once the server has them.
 */
export function TicketCost({
  ticket,
  pending,
}: {
  ticket: { _id: string; ticketNumber: string; title: string };
  pending: EntryOf<'labour'>[];
}) {
  const cost = useTicketCost(ticket._id);
  const moves = useWorkEntries({ ticket }).filter((entry) => entry.kind === 'stockMove');
  useRefetchOnConfirm(moves.length, cost.refetch);
  if (!cost.data) {
    return cost.isError ? (
      <p className="text-sm text-slate-600">The cost is read from the server: not available offline.</p>
    ) : null;
  }
  const { partsTotal, labourTotal, total, currency } = cost.data;
  const pendingHours = pending.reduce((sum, entry) => sum + entry.preview.hours, 0);
  return (
    <dl
      aria-label="Cost"
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm"
    >
      <dt className="text-slate-600">Parts</dt>
      <dd className="text-right tabular-nums">
        {moneyText(partsTotal, currency)}
        {moves.length > 0 && (
          <span className="ml-2 inline-flex items-center gap-1">
            + {moves.length === 1 ? '1 move' : `${moves.length} moves`} <PendingMark count={moves.length} />
          </span>
        )}
      </dd>
      <dt className="text-slate-600">Labour</dt>
      <dd className="text-right tabular-nums">
        {moneyText(labourTotal, currency)}
        {pendingHours > 0 && (
          <span className="ml-2 inline-flex items-center gap-1">
            + {Math.round(pendingHours * 100) / 100} h <PendingMark count={pending.length} />
          </span>
        )}
      </dd>
      <dt className="font-semibold text-slate-900">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{moneyText(total, currency)}</dd>
    </dl>
  );
}
