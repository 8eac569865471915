import { useState } from 'react';
import { Field, Input, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { parseQuantity } from '#client/features/parts/StockMoveDialog.tsx';
import type { LocalPart } from '#client/features/parts/use-parts.ts';
import { purchaseRequestChange } from './purchase-changes.ts';

/** Two weeks from today: a first guess at when the part is needed. */
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** Requests a purchase of one part, the suggested quantity filled in; saved on the device, offline too. */
export function RequestPurchaseDialog({
  part,
  suggested,
  onClose,
}: {
  part: LocalPart;
  suggested: number;
  onClose: () => void;
}) {
  const user = useSignedInUser();
  const [quantity, setQuantity] = useState(suggested > 0 ? String(suggested) : '');
  const [supplier, setSupplier] = useState('');
  const [neededBy, setNeededBy] = useState(inTwoWeeks());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; supplier?: string; neededBy?: string }>({});

  async function submit() {
    const amount = parseQuantity(quantity, false);
    const found = {
      quantity: amount === null ? 'Give a quantity more than 0, at most 3 decimals' : undefined,
      supplier: supplier.trim() ? undefined : 'Name the supplier',
      neededBy: /^\d{4}-\d{2}-\d{2}$/.test(neededBy) ? undefined : 'Give the date it is needed by',
    };
    setErrors(found);
    if (amount === null || found.supplier || found.neededBy) return;
    const change = purchaseRequestChange(user, part, {
      quantity: amount,
      supplier: supplier.trim(),
      neededBy,
      note: note.trim(),
    });
    if (await saveAndNotify(change, 'Purchase requested', 'Failed to request purchase')) onClose();
  }

  return (
    <FormModal
      onClose={onClose}
      title={`Request purchase · ${part.partNumber}`}
      submitLabel="Request"
      onSubmit={submit}
    >
      <p className="text-sm text-slate-700 sm:col-span-2">
        {part.name} · free {part.free} {part.unit}, minimum {part.minStock}, maximum {part.maxStock}
      </p>
      <Field label={`Quantity (${part.unit})`} required error={errors.quantity}>
        <Input inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
      </Field>
      <Field label="Needed by" required error={errors.neededBy}>
        <Input type="date" value={neededBy} onChange={(event) => setNeededBy(event.target.value)} />
      </Field>
      <Field label="Supplier" required error={errors.supplier} className="sm:col-span-2">
        <Input value={supplier} maxLength={200} onChange={(event) => setSupplier(event.target.value)} />
      </Field>
      <Field label="Note" className="sm:col-span-2">
        <Textarea rows={2} value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
      </Field>
    </FormModal>
  );
}
