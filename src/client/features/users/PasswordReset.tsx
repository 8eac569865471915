import { KeyRound } from 'lucide-react';
import type { ManagedUser, ResetCodeResponse } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useResetCode } from './use-managed-users.ts';
import { formatDateTime } from '#client/lib/dates.ts';

/** A one-time code the admin hands over; shown here once, as the server keeps only its hash. */
export function PasswordReset({ user }: { user: ManagedUser }) {
  const reset = useResetCode(user);
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        onClick={() => reset.mutate(undefined)}
        loading={reset.isPending}
        disabled={!user.active}
      >
        <KeyRound aria-hidden="true" className="size-5" /> Create password reset code
      </Button>
      {reset.data && <IssuedCode user={user} issued={reset.data} />}
    </div>
  );
}

function IssuedCode({ user, issued }: { user: ManagedUser; issued: ResetCodeResponse }) {
  return (
    <div role="status" className="space-y-1 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
      <p>
        Reset code for {user.name}:{' '}
        <code className="font-mono text-lg font-semibold tracking-wider">{issued.code}</code>
      </p>
      <p>
        They choose a new password with it under “Forgot password?” on the sign-in screen. It works once, until{' '}
        {formatDateTime(issued.expiresAt)}. It is not shown again: note it down now.
      </p>
    </div>
  );
}
