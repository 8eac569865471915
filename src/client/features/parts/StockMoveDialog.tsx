import { useState } from 'react';
import type { BinRef } from '#shared/schemas/part.ts';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { stockMoveChange, type MoveInput } from './part-changes.ts';
import type { LocalPart } from './use-parts.ts';
import { reservedChange, withUse, workName, type WorkPlan, type WorkTarget } from './work-plan.ts';

type DialogKind = 'receipt' | 'adjustment' | 'issue' | 'return' | 'transfer';

interface StockMoveDialogProps {
  part: LocalPart;
  /** What is done: a receipt adds to the bin, a count says what is in it, a transfer moves between two. */
  kind: DialogKind;
  bins: BinRef[];
  /** The bin chosen at first. */
  bin?: BinRef | null;
  /** The work an issue goes to or a return comes from, with its plan, which the move consumes or holds again. */
  work?: { target: WorkTarget; plan: WorkPlan };
  onClose: () => void;
}

const titles = {
  receipt: 'Receive',
  adjustment: 'Count',
  issue: 'Issue part',
  return: 'Return',
  transfer: 'Transfer',
} as const;
const toasts = {
  receipt: 'Stock received',
  adjustment: 'Count recorded',
  issue: 'Part issued',
  return: 'Part returned',
  transfer: 'Stock transferred',
} as const;

/** Reads "2", "1.5" or "0,5" as a quantity of at most three decimals; null when it is not one. */
export function parseQuantity(value: string, zeroAllowed: boolean): number | null {
  const number = Number(value.trim().replace(',', '.'));
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || (!zeroAllowed && number === 0)) return null;
  return Math.abs(number * 1000 - Math.round(number * 1000)) < 1e-6 ? number : null;
}

/** The move as sent, with what it takes from (or gives back to) its work's plan. */
function moveFor(part: LocalPart, kind: DialogKind, quantity: number, bin: BinRef, work: StockMoveDialogProps['work']) {
  const move: MoveInput = { kind, quantity, bin };
  if (!work) return move;
  const used = withUse(work.plan, part._id, bin, kind === 'issue' ? quantity : -quantity);
  return {
    ...move,
    ...work.target,
    reservedChange: reservedChange(work.plan, used, part._id),
  };
}

/** A receipt, a count, an issue, a return or a transfer of one part, saved through the outbox: it works offline. */
export function StockMoveDialog({ part, kind, bins, bin, work, onClose }: StockMoveDialogProps) {
  const user = useSignedInUser();
  const [binId, setBinId] = useState(bin?._id ?? bins[0]?._id ?? '');
  const [toBinId, setToBinId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ bin?: string; toBin?: string; quantity?: string; reason?: string }>({});
  const counting = kind === 'adjustment';
  const moving = kind === 'transfer';

  async function submit() {
    const chosen = bins.find((candidate) => candidate._id === binId);
    const target = bins.find((candidate) => candidate._id === toBinId);
    const amount = parseQuantity(quantity, counting);
    const found = {
      bin: chosen ? undefined : 'Choose a bin',
      toBin: !moving || (target && target._id !== binId) ? undefined : 'Choose another bin to move to',
      quantity: amount === null ? `Give a quantity${counting ? '' : ' more than 0'}, at most 3 decimals` : undefined,
      reason: counting && !reason.trim() ? 'Say why the count is made' : undefined,
    };
    setErrors(found);
    if (!chosen || amount === null || found.toBin || found.reason) return;
    const change = stockMoveChange(user, part, {
      ...moveFor(part, kind, amount, chosen, work),
      ...(moving && target ? { toBin: target } : {}),
      ...(counting ? { reason: reason.trim() } : {}),
    });
    if (await saveAndNotify(change, toasts[kind], `Failed to record ${titles[kind].toLowerCase()}`)) onClose();
  }

  const shownBin = (candidate: BinRef) => {
    const row = part.bins.find((stocked) => stocked.bin._id === candidate._id);
    return {
      value: candidate._id,
      label: `${candidate.storeroom.name} ${candidate.code}${row ? ` (${row.free} ${part.unit} free)` : ''}`,
    };
  };

  return (
    <FormModal
      onClose={onClose}
      title={`${titles[kind]} · ${part.partNumber}`}
      submitLabel={titles[kind]}
      onSubmit={submit}
    >
      <p className="text-sm text-slate-700 sm:col-span-2">
        {part.name}
        {work && ` · ${kind === 'return' ? 'from' : 'for'} ${workName(work.target)}`}
      </p>
      <Field label={moving ? 'From bin' : kind === 'return' ? 'Back to bin' : 'Bin'} required error={errors.bin}>
        <Select
          options={bins.map(shownBin)}
          placeholder="Choose a bin"
          value={binId}
          onChange={(event) => setBinId(event.target.value)}
        />
      </Field>
      {moving && (
        <Field label="To bin" required error={errors.toBin}>
          <Select
            options={bins.filter((candidate) => candidate._id !== binId).map(shownBin)}
            placeholder="Choose a bin"
            value={toBinId}
            onChange={(event) => setToBinId(event.target.value)}
          />
        </Field>
      )}
      <Field
        label={counting ? `Counted quantity (${part.unit})` : `Quantity (${part.unit})`}
        required
        error={errors.quantity}
      >
        <Input inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
      </Field>
      {counting && (
        <Field label="Reason" required error={errors.reason} className="sm:col-span-2">
          <Input
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            placeholder="Cycle count"
          />
        </Field>
      )}
    </FormModal>
  );
}
