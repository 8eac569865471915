import type { UserRef } from '#shared/schemas/common.ts';
import type { BinRef, Part } from '#shared/schemas/part.ts';
import type { PurchaseDecision } from '#shared/purchasing.ts';
import type { PurchaseRequest } from '#shared/schemas/purchase-request.ts';
import { author, createChange, newRecord } from '#client/data/outbox/change-builders.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { newId } from '#shared/ids.ts';

/**
 * Purchase requests made, decided and received on this device (src/docs/parts.md): saved at once,
 * sent once under their own `_id` whatever the network does.
 */

export interface RequestInput {
  quantity: number;
  supplier: string;
  neededBy: string;
  note: string;
}

export function purchaseRequestChange(user: UserRef, part: Part, input: RequestInput): QueuedOf<'create'> {
  const record = newRecord();
  const body = { _id: record._id, part: part._id, ...input };
  const preview: PurchaseRequest = {
    ...record,
    ...input,
    part: { _id: part._id, partNumber: part.partNumber, name: part.name, unit: part.unit },
    status: 'Requested',
    requestedBy: author(user),
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    received: 0,
    outstanding: input.quantity,
    overReceived: false,
  };
  return createChange(
    user,
    'purchaseRequest',
    body,
    preview,
    `Purchase of ${input.quantity} ${part.unit} ${part.partNumber} requested`,
  );
}

const decisionWords: Record<PurchaseDecision, string> = {
  Approved: 'approved',
  Rejected: 'rejected',
  Cancelled: 'cancelled',
};

export function purchaseDecisionChange(
  user: UserRef,
  request: PurchaseRequest,
  status: PurchaseDecision,
  note = '',
): QueuedOf<'purchaseDecision'> {
  return {
    userId: user._id,
    entity: 'purchaseRequest',
    recordId: request._id,
    kind: 'purchaseDecision',
    method: 'POST',
    url: `/purchase-requests/${request._id}/status`,
    body: { status, note },
    preview: { status, decidedBy: author(user), decidedAt: new Date().toISOString(), decisionNote: note || null },
    label: `Purchase of ${request.part.partNumber} ${decisionWords[status]}`,
  };
}

export function purchaseReceiptChange(
  user: UserRef,
  request: PurchaseRequest,
  quantity: number,
  bin: BinRef,
): QueuedOf<'purchaseReceipt'> {
  const _id = newId();
  return {
    id: _id,
    userId: user._id,
    entity: 'purchaseRequest',
    recordId: request._id,
    kind: 'purchaseReceipt',
    method: 'POST',
    url: `/purchase-requests/${request._id}/receipts`,
    body: { _id, quantity, bin: bin._id },
    preview: { quantity },
    label: `Received ${quantity} ${request.part.unit} of ${request.part.partNumber} in ${bin.code}`,
  };
}
