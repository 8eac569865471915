import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import type { WorkRef } from '#shared/permits.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { notify } from '#client/lib/notify.ts';
import { StartWithoutPermitDialog } from './StartWithoutPermitDialog.tsx';
import { startWorkDeniedHere } from './work-rules.ts';

interface StartingWork {
  work: WorkRef;
  record: { ticket: string } | { schedule: string };
  machineId: string | null;
  /** Saves the move to In Progress, with an admin's reason when started without a permit. */
  start: (permitOverride?: string) => void;
}

/**
 * The move of a ticket or maintenance to In Progress, kept to the permit rule: saved, refused with the
 * rule's message, or for an admin the question to start without a permit (`dialog`, to render).
 */
export function useStartWork({ work, record, machineId, start }: StartingWork) {
  const user = useSignedInUser();
  const [denied, setDenied] = useState<string | null>(null);

  async function begin() {
    const reason = await startWorkDeniedHere(work, record, machineId);
    if (!reason) start();
    else if (can(user.role, 'permit:override-start')) setDenied(reason);
    else notify.error(null, reason);
  }

  const dialog = denied && (
    <StartWithoutPermitDialog
      denied={denied}
      onCancel={() => setDenied(null)}
      onStart={(reason) => {
        setDenied(null);
        start(reason);
      }}
    />
  );
  return { begin: () => void begin(), dialog };
}
