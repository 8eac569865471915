import { expect } from 'vitest';
import { demoAccounts, type DemoRole } from './browser.ts';

/** A status change one device made, in the order it made them. */
export interface StatusChange {
  role: DemoRole;
  resource: 'tickets';
  recordId: string;
  value: string;
}

interface HistoryRow {
  version: number;
  field: string;
  newValue: unknown;
  changedBy: { _id: string } | null;
  clientTime: string | null;
}

export interface ServerTicket {
  _id: string;
  title: string;
  status: string;
  comments: { comment: string }[];
}

export async function signInApi(baseUrl: string, role: DemoRole) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAccounts[role]),
  });
  return (await response.json()) as { token: string; user: { _id: string } };
}

export async function getJson<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

export async function ticketsTitled(baseUrl: string, token: string, prefix: string): Promise<ServerTicket[]> {
  const tickets: ServerTicket[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getJson<{ tickets: ServerTicket[]; totalPages: number }>(
      baseUrl,
      token,
      `/api/tickets?search=${encodeURIComponent(prefix)}&limit=100&page=${page}`,
    );
    tickets.push(...answer.tickets);
    if (page >= answer.totalPages) return tickets.filter((ticket) => ticket.title.startsWith(prefix));
  }
}

/** Whether `sub` appears in `list` in the same order (not necessarily side by side). */
function isSubsequence(sub: unknown[], list: unknown[]): boolean {
  let next = 0;
  for (const item of list) if (next < sub.length && item === sub[next]) next += 1;
  return next === sub.length;
}

/**
 * The record's status history: no change applied twice (one change is one client time of one user),
 * and each device's changes in the order it made them. A change to the value the record already had
 * writes no history, so a device's rows are a subsequence of what it did.
 */
export async function checkStatusHistory(
  baseUrl: string,
  token: string,
  changes: StatusChange[],
  userIds: Record<string, string>,
): Promise<void> {
  const { resource, recordId } = changes[0]!;
  const history = await getJson<HistoryRow[]>(baseUrl, token, `/api/${resource}/${recordId}/history`);
  const rows = history.filter((row) => row.field === 'status').sort((a, b) => a.version - b.version);
  const changeKeys = rows.filter((row) => row.clientTime).map((row) => `${row.changedBy?._id} ${row.clientTime}`);
  expect(
    changeKeys.length - new Set(changeKeys).size,
    `${resource}/${recordId}: changes applied twice ${JSON.stringify(rows)}`,
  ).toBe(0);
  for (const role of new Set(changes.map((change) => change.role))) {
    const made = changes.filter((change) => change.role === role).map((change) => change.value);
    const applied = rows.filter((row) => row.changedBy?._id === userIds[role]).map((row) => row.newValue);
    expect(
      isSubsequence(applied, made),
      `${resource}/${recordId} by ${role}: made ${made.join(',')}, history ${applied.join(',')}`,
    ).toBe(true);
  }
}
