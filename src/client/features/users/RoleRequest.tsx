import { Check, X } from 'lucide-react';
import { roleLabels, type Role } from '#shared/enums.ts';
import type { ManagedUser } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useDecideRole } from './use-managed-users.ts';

/** A role asked for at registration: the admin approves it or the user stays an operator. */
export function RoleRequest({ user, requested }: { user: ManagedUser; requested: Role }) {
  const decide = useDecideRole(user);
  const busy = decide.isPending ? decide.variables.decision : null;
  return (
    <section aria-label="Role request" className="space-y-3 rounded-lg border border-yellow-200 bg-yellow-50 p-4">
      <p className="text-sm text-yellow-900">
        {user.name} asked for the <strong>{roleLabels[requested]}</strong> role when registering, and signs in as{' '}
        {roleLabels[user.role]} until it is approved.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => decide.mutate({ decision: 'approve' })}
          loading={busy === 'approve'}
          disabled={busy !== null}
        >
          <Check aria-hidden="true" className="size-5" /> Approve
        </Button>
        <Button
          variant="secondary"
          onClick={() => decide.mutate({ decision: 'decline' })}
          loading={busy === 'decline'}
          disabled={busy !== null}
        >
          <X aria-hidden="true" className="size-5" /> Decline
        </Button>
      </div>
    </section>
  );
}
