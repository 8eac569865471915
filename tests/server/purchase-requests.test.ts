import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { historyEntry } from '#shared/schemas/common.ts';
import { syncPage } from '#shared/schemas/sync.ts';
import {
  purchaseRequest,
  purchaseRequestDetail,
  reorderLine,
  type PurchaseRequestDetail,
} from '#shared/schemas/purchase-request.ts';
import { registerUser, useTeamApp, type Account } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';
import { partHelpers } from './helpers/parts.ts';

const t = useTeamApp();
const { send, storeWithBins, newPart, move, detail, onHand, ticketBy } = partHelpers(t);

const neededBy = '2026-12-15';

async function request(by: Account, partId: string, quantity: number, expected = 201, _id = randomUUID()) {
  const response = await send(by, 'POST', '/api/purchase-requests', {
    _id,
    part: partId,
    quantity,
    supplier: 'SKF Distribution',
    neededBy,
  });
  expect(response.statusCode, response.body).toBe(expected);
  return response;
}

const created = async (by: Account, partId: string, quantity: number) =>
  purchaseRequestDetail.parse((await request(by, partId, quantity)).json());

async function decide(by: Account, id: string, status: string, note = '', expected = 200) {
  const response = await send(by, 'POST', `/api/purchase-requests/${id}/status`, { status, note });
  expect(response.statusCode, response.body).toBe(expected);
  return response;
}

async function receive(
  by: Account,
  id: string,
  payload: { quantity: number; bin: string; _id?: string },
  expected = 201,
) {
  const response = await send(by, 'POST', `/api/purchase-requests/${id}/receipts`, { _id: randomUUID(), ...payload });
  expect(response.statusCode, response.body).toBe(expected);
  return response;
}

const parsed = (response: { json(): unknown }): PurchaseRequestDetail => purchaseRequestDetail.parse(response.json());

async function reorderList() {
  const response = await t.app.inject({ url: '/api/parts/reorder', headers: t.team.operator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return reorderLine.array().parse(response.json());
}

const lineOf = async (partId: string) => (await reorderList()).find((line) => line.part._id === partId);

describe('a purchase request', () => {
  it('is requested, approved and received in two parts, and the stock follows as computed by hand', async () => {
    const { a, b } = await storeWithBins();
    const item = await newPart({ minStock: 4, maxStock: 20 });
    await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 5, bin: a });
    const ticket = await ticketBy(t.team.engineer);
    await send(t.team.engineer, 'POST', '/api/parts/reservations', {
      _id: randomUUID(),
      part: item._id,
      quantity: 2,
      ticket,
    });
    // On hand 5, 2 reserved: free 3 is below the minimum 4; up to 20 is 17.
    expect(await lineOf(item._id)).toMatchObject({ onOrder: 0, suggested: 17, part: { free: 3, onHand: 5 } });

    const asked = await created(t.team.engineer, item._id, 17);
    expect(asked).toMatchObject({
      status: 'Requested',
      quantity: 17,
      supplier: 'SKF Distribution',
      neededBy,
      received: 0,
      outstanding: 17,
      requestedBy: { _id: t.team.engineer._id },
      decidedBy: null,
      receipts: [],
    });
    expect(await lineOf(item._id)).toMatchObject({ onOrder: 17, suggested: 0 });

    const approved = parsed(await decide(t.team.admin, asked._id, 'Approved'));
    expect(approved).toMatchObject({ status: 'Approved', decidedBy: { _id: t.team.admin._id }, version: 2 });

    const partly = parsed(await receive(t.team.engineer, asked._id, { quantity: 10, bin: b }));
    expect(partly).toMatchObject({ status: 'Partly received', received: 10, outstanding: 7, overReceived: false });
    expect(partly.receipts.map((move) => [move.kind, move.quantity, move.bin._id])).toEqual([['receipt', 10, b]]);
    expect(await onHand(item._id)).toEqual({ [a]: 5, [b]: 10, total: 15 });
    // Free 13 is above the minimum: off the list.
    expect(await lineOf(item._id)).toBeUndefined();

    // The supplier sent 9 for the 7 outstanding: accepted and shown.
    const done = parsed(await receive(t.team.engineer, asked._id, { quantity: 9, bin: a }));
    expect(done).toMatchObject({ status: 'Received', received: 19, outstanding: 0, overReceived: true });
    expect(await onHand(item._id)).toEqual({ [a]: 14, [b]: 10, total: 24 });

    const late = await receive(t.team.engineer, asked._id, { quantity: 1, bin: a }, 409);
    expect(errorMessage(late)).toBe('This purchase request is Received: only an Approved one is received');

    const history = historyEntry
      .array()
      .parse(
        (
          await t.app.inject({ url: `/api/purchase-requests/${asked._id}/history`, headers: t.team.operator.headers })
        ).json(),
      );
    expect(history.map((entry) => [entry.version, entry.field, entry.newValue])).toEqual([
      [1, 'created', { part: item._id, quantity: 17, supplier: 'SKF Distribution', neededBy, note: '' }],
      [2, 'status', 'Approved'],
      [3, 'receipt', { _id: partly.receipts[0]!._id, quantity: 10, bin: b }],
      [3, 'status', 'Partly received'],
      [4, 'receipt', { _id: done.receipts[1]!._id, quantity: 9, bin: a }],
      [4, 'status', 'Received'],
    ]);
    // The part's moves hold both receipts besides the first one.
    const moves = (await detail(item._id)).moves.filter((entry) => entry.kind === 'receipt');
    expect(moves).toHaveLength(3);
  });

  it('is rejected with a reason, and then neither received nor on order', async () => {
    const { a } = await storeWithBins();
    const item = await newPart({ minStock: 3, maxStock: 10 });
    const asked = await created(t.team.engineer, item._id, 10);
    const noReason = await decide(t.team.admin, asked._id, 'Rejected', '', 400);
    expect(errorMessage(noReason)).toBe('note: give the reason for rejecting');
    const rejected = parsed(await decide(t.team.admin, asked._id, 'Rejected', 'Use the stock at Potroom Stores'));
    expect(rejected).toMatchObject({ status: 'Rejected', decisionNote: 'Use the stock at Potroom Stores' });
    expect(await lineOf(item._id)).toMatchObject({ onOrder: 0, suggested: 10 });
    const received = await receive(t.team.engineer, asked._id, { quantity: 1, bin: a }, 409);
    expect(errorMessage(received)).toBe('This purchase request is Rejected: only an Approved one is received');
    const approve = await decide(t.team.admin, asked._id, 'Approved', '', 409);
    expect(errorMessage(approve)).toBe('This purchase request is Rejected: only a Requested one can be approved');
  });

  it('is cancelled by its requester or an admin while Requested', async () => {
    const item = await newPart();
    const mine = await created(t.team.engineer, item._id, 5);
    expect(parsed(await decide(t.team.engineer, mine._id, 'Cancelled')).status).toBe('Cancelled');
    // Cancelling again (a replay) changes nothing.
    expect(parsed(await decide(t.team.engineer, mine._id, 'Cancelled')).version).toBe(2);

    const another = await registerUser(t.app, 'maintenance_engineer');
    const theirs = await created(t.team.engineer, item._id, 5);
    const denied = await decide(another, theirs._id, 'Cancelled', '', 403);
    expect(errorMessage(denied)).toBe('Only the person who requested this purchase or an admin may cancel it');
    expect(parsed(await decide(t.team.admin, theirs._id, 'Cancelled', 'Ordered by phone')).status).toBe('Cancelled');

    const approved = await created(t.team.engineer, item._id, 5);
    await decide(t.team.admin, approved._id, 'Approved');
    const late = await decide(t.team.engineer, approved._id, 'Cancelled', '', 409);
    expect(errorMessage(late)).toBe('This purchase request is Approved: only a Requested one can be cancelled');
  });
});

describe('inbox notices', () => {
  it('tell the admins of a request to approve, and the requester of the answer', async () => {
    const inboxOf = async (account: Account) => {
      const response = await t.app.inject({ url: '/api/sync?snapshot=core&limit=1000', headers: account.headers });
      return syncPage.parse(response.json()).inbox;
    };
    const item = await newPart();
    const asked = await created(t.team.engineer, item._id, 3);
    const key = `purchaseRequested:${asked._id}`;
    expect((await inboxOf(t.team.admin)).find((entry) => entry.key === key)).toMatchObject({
      kind: 'purchaseRequested',
      entity: 'purchaseRequest',
      recordId: asked._id,
      title: `${item.partNumber} ${item.name}`,
      detail: `3 each from SKF Distribution, needed by ${neededBy}`,
      readAt: null,
    });
    expect((await inboxOf(t.team.engineer)).some((entry) => entry.key === key)).toBe(false);

    await decide(t.team.admin, asked._id, 'Rejected', 'Use the old stock');
    expect((await inboxOf(t.team.admin)).find((entry) => entry.key === key)?.readAt).not.toBeNull();
    expect(
      (await inboxOf(t.team.engineer)).find((entry) => entry.key === `purchaseDecided:${asked._id}`),
    ).toMatchObject({
      kind: 'purchaseDecided',
      detail: 'Rejected: Use the old stock',
      by: { _id: t.team.admin._id },
    });
  });
});

describe('who may do what', () => {
  it('lets engineers and admins request, admins approve (not their own) and storekeepers receive', async () => {
    const { a } = await storeWithBins();
    const item = await newPart();
    const operator = await request(t.team.operator, item._id, 1, 403);
    expect(errorMessage(operator)).toBe('The Operator role may not request purchases of parts.');
    const safety = await request(t.team.safety, item._id, 1, 403);
    expect(errorMessage(safety)).toBe('The Safety Officer role may not request purchases of parts.');

    const asked = await created(t.team.engineer, item._id, 4);
    const engineer = await decide(t.team.engineer, asked._id, 'Approved', '', 403);
    expect(errorMessage(engineer)).toBe('The Maintenance Engineer role may not approve or reject purchase requests.');
    const rejectByEngineer = await decide(t.team.engineer, asked._id, 'Rejected', 'No budget', 403);
    expect(errorMessage(rejectByEngineer)).toBe(
      'The Maintenance Engineer role may not approve or reject purchase requests.',
    );
    const early = await receive(t.team.engineer, asked._id, { quantity: 1, bin: a }, 409);
    expect(errorMessage(early)).toBe('This purchase request is Requested: only an Approved one is received');

    const ownByAdmin = await created(t.team.admin, item._id, 2);
    const own = await decide(t.team.admin, ownByAdmin._id, 'Approved', '', 403);
    expect(errorMessage(own)).toBe(
      'Another admin approves a purchase you requested: nobody approves their own spending',
    );
    const secondAdmin = await registerUser(t.app, 'admin');
    expect(parsed(await decide(secondAdmin, ownByAdmin._id, 'Approved')).status).toBe('Approved');

    await decide(t.team.admin, asked._id, 'Approved');
    const byOperator = await receive(t.team.operator, asked._id, { quantity: 1, bin: a }, 403);
    expect(errorMessage(byOperator)).toBe(
      'The Operator role may not manage parts and stores: parts, storerooms, bins, receipts, transfers and counts.',
    );
    const unknownPart = await request(t.team.engineer, randomUUID(), 1, 400);
    expect(errorMessage(unknownPart)).toBe('part: no part with this _id');
    const badBin = await receive(t.team.engineer, asked._id, { quantity: 1, bin: randomUUID() }, 400);
    expect(errorMessage(badBin)).toBe('bin: no bin with this _id');
    expect((await detail(item._id)).onHand).toBe(0);
  });
});

describe('replays', () => {
  it('creates a request and a receipt once per _id', async () => {
    const { a } = await storeWithBins();
    const item = await newPart();
    const _id = randomUUID();
    const first = await request(t.team.engineer, item._id, 6, 201, _id);
    const again = await request(t.team.engineer, item._id, 6, 200, _id);
    expect(again.json()).toEqual(first.json());
    const byAnother = await request(t.team.admin, item._id, 6, 409, _id);
    expect(errorMessage(byAnother)).toBe('A purchase request with this _id was already created by another user');

    await decide(t.team.admin, _id, 'Approved');
    // Approving again, as a device whose answer was lost does, changes nothing.
    expect(parsed(await decide(t.team.admin, _id, 'Approved')).version).toBe(2);
    const receipt = { _id: randomUUID(), quantity: 4, bin: a };
    await receive(t.team.engineer, _id, receipt);
    const replayed = parsed(await receive(t.team.engineer, _id, receipt, 200));
    expect(replayed).toMatchObject({ status: 'Partly received', received: 4, version: 3 });
    expect(replayed.receipts).toHaveLength(1);
    expect(await onHand(item._id)).toEqual({ [a]: 4, total: 4 });
    expect(parsed(await decide(t.team.admin, _id, 'Approved')).status).toBe('Partly received');

    const other = await created(t.team.engineer, item._id, 2);
    await decide(t.team.admin, other._id, 'Approved');
    const elsewhere = await receive(t.team.engineer, other._id, receipt, 409);
    expect(errorMessage(elsewhere)).toBe('A stock move with this _id was already made for something else');
    expect(await onHand(item._id)).toEqual({ [a]: 4, total: 4 });
  });
});

describe('the reorder list and the list of requests', () => {
  it('lists parts whose free stock is at or below the minimum, with what is on order and a suggestion', async () => {
    const { a } = await storeWithBins();
    const atMinimum = await newPart({ minStock: 5, maxStock: 12 });
    const above = await newPart({ minStock: 5, maxStock: 12 });
    const notStocked = await newPart({ minStock: 0, maxStock: 0 });
    const onOrder = await newPart({ minStock: 5, maxStock: 30 });
    await move(t.team.engineer, { part: atMinimum._id, kind: 'receipt', quantity: 5, bin: a });
    await move(t.team.engineer, { part: above._id, kind: 'receipt', quantity: 6, bin: a });
    await move(t.team.engineer, { part: onOrder._id, kind: 'receipt', quantity: 2, bin: a });
    // Requested 10, approved 8 of which 3 arrived, one rejected and one cancelled: 10 + 5 on order.
    await created(t.team.engineer, onOrder._id, 10);
    const partly = await created(t.team.engineer, onOrder._id, 8);
    await decide(t.team.admin, partly._id, 'Approved');
    await receive(t.team.engineer, partly._id, { quantity: 3, bin: a });
    const rejected = await created(t.team.engineer, onOrder._id, 50);
    await decide(t.team.admin, rejected._id, 'Rejected', 'Too many');
    const cancelled = await created(t.team.engineer, onOrder._id, 40);
    await decide(t.team.engineer, cancelled._id, 'Cancelled');

    const lines = await reorderList();
    const ids = lines.map((line) => line.part._id);
    expect(ids).toContain(atMinimum._id);
    expect(ids).not.toContain(above._id);
    expect(ids).not.toContain(notStocked._id);
    expect(lines.find((line) => line.part._id === atMinimum._id)).toMatchObject({ onOrder: 0, suggested: 7 });
    // Free 5 (2 + 3 received), on order 15: 30 − 5 − 15 = 10.
    expect(lines.find((line) => line.part._id === onOrder._id)).toMatchObject({
      part: { free: 5 },
      onOrder: 15,
      suggested: 10,
    });

    // A reservation takes free stock under the minimum though on hand is above it.
    await send(t.team.engineer, 'POST', '/api/parts/reservations', {
      _id: randomUUID(),
      part: above._id,
      quantity: 1,
      ticket: await ticketBy(t.team.engineer),
    });
    expect(await lineOf(above._id)).toMatchObject({ part: { onHand: 6, free: 5 }, suggested: 7 });
    // The below-minimum filter of the parts list still reads on hand alone.
    const below = await t.app.inject({
      url: `/api/parts?belowMinimum=true&search=${above.partNumber}`,
      headers: t.team.operator.headers,
    });
    expect(below.json<{ total: number }>().total).toBe(0);

    const listed = await t.app.inject({
      url: `/api/purchase-requests?part=${onOrder._id}&status=Partly%20received`,
      headers: t.team.operator.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      purchaseRequest
        .array()
        .parse(listed.json())
        .map((entry) => entry._id),
    ).toEqual([partly._id]);
    const all = await t.app.inject({
      url: `/api/purchase-requests?part=${onOrder._id}`,
      headers: t.team.operator.headers,
    });
    expect(
      purchaseRequest
        .array()
        .parse(all.json())
        .map((entry) => entry.status),
    ).toEqual(['Cancelled', 'Rejected', 'Partly received', 'Requested']);
    const badStatus = await t.app.inject({
      url: '/api/purchase-requests?status=Lost',
      headers: t.team.operator.headers,
    });
    expect(badStatus.statusCode).toBe(400);

    const csv = await t.app.inject({
      url: `/api/purchase-requests/export?part=${onOrder._id}`,
      headers: t.team.operator.headers,
    });
    expect(csv.statusCode).toBe(200);
    const lines2 = csv.body.trim().split('\r\n');
    expect(lines2[0]).toMatch(/^Requested At,Status,Part Number,Part,Quantity,Unit,Received,Outstanding,Supplier/);
    expect(lines2).toHaveLength(5);
    expect(lines2.some((line) => line.includes(',Partly received,') && line.includes(',8,each,3,5,'))).toBe(true);
  });
});
