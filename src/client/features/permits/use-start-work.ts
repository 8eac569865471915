import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import type { WorkRef } from '#shared/permits.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { notify } from '#client/lib/notify.ts';
import { startWorkDeniedHere } from './work-rules.ts';

interface StartingWork {
  work: WorkRef;
  record: { ticket: string } | { schedule: string };
  machineId: string | null;
}

/**
 * The move of a ticket or maintenance to In Progress, kept to the permit rule: allowed, refused with
 * the rule's message, or for an admin the question to start without a permit (`overriding`).
 */
export function useStartWork({ work, record, machineId }: StartingWork) {
  const user = useSignedInUser();
  const [overriding, setOverriding] = useState<string | null>(null);

  /** Calls `start` when work may start (with the admin's reason when overridden later). */
  async function startOrAsk(start: () => void) {
    const denied = await startWorkDeniedHere(work, record, machineId);
    if (!denied) start();
    else if (can(user.role, 'permit:override-start')) setOverriding(denied);
    else notify.error(null, denied);
  }

  return { overriding, startOrAsk, cancel: () => setOverriding(null), done: () => setOverriding(null) };
}
