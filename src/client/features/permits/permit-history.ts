import type { HistoryEntry } from '#shared/schemas/common.ts';

interface LockValue {
  location?: string;
  lockNumber?: string;
  verified?: boolean;
  reason?: string;
}

const lockOf = (value: unknown): LockValue => (typeof value === 'object' && value !== null ? value : {});

/** A permit's lock changes in words ("Lock 7 applied on Main breaker, zero energy verified"); other fields as usual. */
export function describePermitChange(entry: HistoryEntry): string | undefined {
  const lock = lockOf(entry.newValue);
  const where = `lock ${lock.lockNumber ?? '?'} on ${lock.location || 'a removed point'}`;
  switch (entry.field) {
    case 'lock':
      return `Applied ${where}${lock.verified ? ', zero energy verified' : ''}`;
    case 'lockVerified':
      return `Zero energy verified at ${where}`;
    case 'lockRemoved':
      return `Removed ${where}${lock.reason ? ` (${lock.reason})` : ''}`;
    default:
      return undefined;
  }
}
