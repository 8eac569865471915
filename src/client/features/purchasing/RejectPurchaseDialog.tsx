import { useState } from 'react';
import { Field, Input } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { purchaseDecisionChange } from './purchase-changes.ts';
import type { LocalRequest } from './use-purchasing.ts';

/** An admin rejects a request, saying why (the requester reads it on the request). */
export function RejectPurchaseDialog({ request, onClose }: { request: LocalRequest; onClose: () => void }) {
  const user = useSignedInUser();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  async function submit() {
    if (!reason.trim()) return setError('Say why the purchase is rejected');
    const change = purchaseDecisionChange(user, request, 'Rejected', reason.trim());
    if (await saveAndNotify(change, 'Purchase rejected', 'Failed to update purchase request')) onClose();
  }

  return (
    <FormModal onClose={onClose} title={`Reject · ${request.part.partNumber}`} submitLabel="Reject" onSubmit={submit}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        {request.quantity} {request.part.unit} {request.part.name} from {request.supplier}
      </p>
      <Field label="Reason" required error={error} className="sm:col-span-2">
        <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} autoFocus />
      </Field>
    </FormModal>
  );
}
