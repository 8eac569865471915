import { roleLabels, type Role } from '#shared/enums.ts';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import { formatDateTime } from '#client/lib/dates.ts';

const roleText = (value: unknown) =>
  typeof value === 'string' && value in roleLabels ? roleLabels[value as Role] : 'none';

/** A user's changes in words: roles by their names, access and passwords without values. */
export function describeUserChange({ field, oldValue, newValue }: HistoryEntry): string | undefined {
  switch (field) {
    case 'role':
      return `Role: ${roleText(oldValue)} → ${roleText(newValue)}`;
    case 'requestedRole':
      return newValue
        ? `Asked for the ${roleText(newValue)} role`
        : `Request for the ${roleText(oldValue)} role closed`;
    case 'roleRequest':
      return newValue === 'approved' ? 'Role request approved' : 'Role request declined';
    case 'active':
      return newValue ? 'Reactivated' : 'Deactivated';
    case 'passwordResetCode':
      return `Password reset code created, valid until ${formatDateTime(String(newValue))}`;
    case 'password':
      return 'Password set with a reset code';
    default:
      return undefined;
  }
}
