import { useState } from 'react';
import type { ManagedUser } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { useUpdateUser } from './use-managed-users.ts';

/** Deactivate (after a confirmation) or reactivate; an admin's own account stays active. */
export function UserActiveButton({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateUser(user);
  const setActive = (active: boolean) => update.mutate({ active }, { onSuccess: () => setConfirming(false) });

  if (!user.active) {
    return (
      <div className="space-y-1">
        <p className="text-sm text-slate-600">This account is deactivated: it cannot sign in.</p>
        <Button variant="secondary" onClick={() => setActive(true)} loading={update.isPending}>
          Reactivate
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <Button variant="danger" onClick={() => setConfirming(true)} disabled={isSelf}>
        Deactivate
      </Button>
      {isSelf && <p className="text-sm text-slate-600">You cannot deactivate your own account: another admin can.</p>}
      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${user.name}?`}
        confirmLabel="Deactivate"
        destructive
        busy={update.isPending}
        onConfirm={() => setActive(false)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {user.name} can no longer sign in, and is signed out on every device within a minute. Their records and
          history stay. You can reactivate the account later.
        </p>
      </ConfirmDialog>
    </div>
  );
}
