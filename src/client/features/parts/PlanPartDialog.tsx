import type { BinRef } from '#shared/schemas/part.ts';
import { useState } from 'react';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { reservationChange } from './part-changes.ts';
import { parseQuantity } from './StockMoveDialog.tsx';
import { useBinChoices, type LocalPart } from './use-parts.ts';
import { reservedChange, workName, type WorkPlan, type WorkTarget } from './work-plan.ts';

/**
 * Plans a part for a ticket or a maintenance item (a reservation): its quantity, and the bin it
 * will come from if it matters. Saved on this device at once; the part's free stock drops at once.
 */
export function PlanPartDialog({
  part,
  bin: scanned,
  work,
  plan,
  onClose,
}: {
  part: LocalPart;
  /** The bin whose label was scanned, chosen to start with. */
  bin?: BinRef | undefined;
  work: WorkTarget;
  plan: WorkPlan;
  onClose: () => void;
}) {
  const user = useSignedInUser();
  const bins = useBinChoices(part);
  const [binId, setBinId] = useState(scanned?._id ?? '');
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit() {
    const amount = parseQuantity(quantity, false);
    if (amount === null) return setError('Give a quantity more than 0, at most 3 decimals');
    const bin = bins.find((candidate) => candidate._id === binId) ?? null;
    const line = { _id: '', part, quantity: amount, bin, byId: user._id, pending: true };
    const change = reservationChange(user, part, {
      quantity: amount,
      bin,
      ticket: work.ticket ?? null,
      schedule: work.schedule ?? null,
      reservedChange: reservedChange(plan, { ...plan, planned: [...plan.planned, line] }, part._id),
    });
    if (await saveAndNotify(change, 'Part planned', 'Failed to plan part')) onClose();
  }

  return (
    <FormModal onClose={onClose} title={`Plan part · ${part.partNumber}`} submitLabel="Plan part" onSubmit={submit}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        {part.name} · for {workName(work)} · {part.free} {part.unit} free
      </p>
      <Field label={`Quantity (${part.unit})`} required error={error}>
        <Input inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
      </Field>
      <Field label="Bin" hint="Optional: the bin it will come from">
        <Select
          options={bins.map((bin) => ({ value: bin._id, label: `${bin.storeroom.name} ${bin.code}` }))}
          placeholder="Any bin"
          value={binId}
          onChange={(event) => setBinId(event.target.value)}
        />
      </Field>
    </FormModal>
  );
}
