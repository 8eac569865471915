import { useState } from 'react';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { parseQuantity } from '#client/features/parts/StockMoveDialog.tsx';
import { useBinChoices, usePart } from '#client/features/parts/use-parts.ts';
import { purchaseReceiptChange } from './purchase-changes.ts';
import type { LocalRequest } from './use-purchasing.ts';

/** Receives all or part of an approved request into a bin; what is still outstanding is filled in. */
export function ReceivePurchaseDialog({ request, onClose }: { request: LocalRequest; onClose: () => void }) {
  const user = useSignedInUser();
  const part = usePart(request.part._id);
  const bins = useBinChoices(part ?? { bins: [] });
  const [binId, setBinId] = useState('');
  const [quantity, setQuantity] = useState(request.outstanding > 0 ? String(request.outstanding) : '');
  const [errors, setErrors] = useState<{ bin?: string; quantity?: string }>({});
  const chosenId = binId || part?.bins[0]?.bin._id || '';

  async function submit() {
    const chosen = bins.find((candidate) => candidate._id === chosenId);
    const amount = parseQuantity(quantity, false);
    setErrors({
      bin: chosen ? undefined : 'Choose a bin',
      quantity: amount === null ? 'Give a quantity more than 0, at most 3 decimals' : undefined,
    });
    if (!chosen || amount === null) return;
    const change = purchaseReceiptChange(user, request, amount, chosen);
    if (await saveAndNotify(change, 'Purchase received', 'Failed to receive purchase')) onClose();
  }

  const amount = parseQuantity(quantity, false);
  return (
    <FormModal onClose={onClose} title={`Receive · ${request.part.partNumber}`} submitLabel="Receive" onSubmit={submit}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        {request.part.name} · ordered {request.quantity} {request.part.unit}, received {request.received}, outstanding{' '}
        {request.outstanding}
      </p>
      <Field label="Bin" required error={errors.bin}>
        <Select
          options={bins.map((bin) => ({ value: bin._id, label: `${bin.storeroom.name} ${bin.code}` }))}
          placeholder="Choose a bin"
          value={chosenId}
          onChange={(event) => setBinId(event.target.value)}
        />
      </Field>
      <Field
        label={`Quantity (${request.part.unit})`}
        required
        error={errors.quantity}
        {...(amount !== null && amount > request.outstanding
          ? { hint: 'More than outstanding: it will show as over-received' }
          : {})}
      >
        <Input inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
      </Field>
    </FormModal>
  );
}
