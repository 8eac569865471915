import type { Priority } from './enums.ts';

/** What the request page asks: how soon someone must come (src/docs/work-requests.md). */
export const urgencies = ['can wait', 'this shift', 'now, unsafe'] as const;
export type Urgency = (typeof urgencies)[number];

export const urgencyLabels: Record<Urgency, string> = {
  'can wait': 'It can wait',
  'this shift': 'This shift',
  'now, unsafe': 'Now, it is unsafe',
};

/** A repair request waits for triage; a hazard becomes an anonymous Near Miss at once. */
export const requestKinds = ['repair', 'hazard'] as const;
export type RequestKind = (typeof requestKinds)[number];

export const requestStatuses = ['New', 'Accepted', 'Merged', 'Rejected', 'Reported'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** The ticket priority and the near miss severity an urgency starts with; the engineer may change them. */
export const urgencyPriority: Record<Urgency, Priority> = {
  'can wait': 'Low',
  'this shift': 'High',
  'now, unsafe': 'Critical',
};
export const urgencySeverity: Record<Urgency, Priority> = {
  'can wait': 'Low',
  'this shift': 'Medium',
  'now, unsafe': 'High',
};

/** What the requester's status page says for each state. */
export const requestStatusText: Record<RequestStatus, string> = {
  New: 'Received: waiting for a maintenance engineer to look at it',
  Accepted: 'Accepted: a maintenance ticket was opened',
  Merged: 'Accepted: added to a ticket already open for this problem',
  Rejected: 'Closed without a ticket',
  Reported: 'Recorded by the safety team as a near miss',
};

/**
 * Tracking codes are read aloud and typed on phones: no 0/O, 1/I/L, 2/Z, 5/S or 8/B.
 * 25 symbols, six of them: 244 million codes.
 */
export const codeAlphabet = 'ACDEFGHJKMNPQRTUVWXY34679';
export const codeLength = 6;

/** A code as typed ("k7m-2qx ") in the form it is stored, or null when it cannot be one. */
export function normalizeCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== codeLength) return null;
  return [...code].every((char) => codeAlphabet.includes(char)) ? code : null;
}

/** The first line of a description, short enough to be a title. */
export function titleFrom(description: string, max = 80): string {
  const line = description.trim().split('\n')[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
