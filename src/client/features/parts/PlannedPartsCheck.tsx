import { useState, type ReactNode } from 'react';
import { partsForWork, type PartsForWork } from '#shared/schemas/part.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';
import { saveChange } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { localDb } from '#client/data/store/db.ts';
import { api } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { issueAllChanges, mayRelease, releaseAllChanges } from './finish-work.ts';
import { quantityText } from './use-parts.ts';
import {
  unissued,
  workEntries,
  workId,
  workName,
  workPlan,
  workQuery,
  type WorkPlan,
  type WorkTarget,
} from './work-plan.ts';

/** How long ending the work waits for the server's plan before it takes the last copy (a weak signal). */
const freshPlanWait = 4000;

/** The work's plan as the server has it now, or (offline, or no answer in time) as it last said. */
async function serverPlan(work: WorkTarget): Promise<PartsForWork | undefined> {
  const key = ['parts', 'for-work', workId(work)];
  if (navigator.onLine) {
    try {
      const fresh = await api
        .get('parts/for-work', { searchParams: workQuery(work), timeout: freshPlanWait })
        .json(partsForWork);
      queryClient.setQueryData(key, fresh);
      return fresh;
    } catch {
      // Not reached: what the device last read stands.
    }
  }
  return queryClient.getQueryData<PartsForWork>(key);
}

async function currentPlan(work: WorkTarget): Promise<WorkPlan> {
  const server = await serverPlan(work);
  return workPlan(server, workEntries(work, await localDb.outbox.toArray()), false);
}

/**
 * Asked when a ticket is resolved or closed or a maintenance item completed while parts planned
 * for it are not issued (src/docs/parts.md): issue them, release them, or go back without ending it.
 * `check(end)` ends the work at once when nothing is left planned.
 */
export function usePlannedPartsCheck(
  work: WorkTarget,
  ending: string,
): { check: (end: () => void) => void; dialog: ReactNode } {
  const user = useSignedInUser();
  const [asking, setAsking] = useState<{ plan: WorkPlan; end: () => void } | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (end: () => void) =>
    void currentPlan(work).then((plan) => (unissued(plan).length > 0 ? setAsking({ plan, end }) : end()));

  async function settle(how: 'issue' | 'release') {
    if (!asking) return;
    setBusy(true);
    try {
      if (how === 'issue') {
        const parts = new Map((await localDb.parts.toArray()).map((part) => [part._id, part]));
        const { changes, missing } = issueAllChanges(user, work, asking.plan, parts);
        for (const change of changes) await saveChange(change);
        if (missing.length > 0) notify.error(null, `Not issued, never stocked in a bin: ${missing.join(', ')}`);
      } else {
        for (const change of releaseAllChanges(user, work, asking.plan)) await saveChange(change);
      }
      asking.end();
      setAsking(null);
    } catch (error) {
      notify.error(
        error,
        how === 'issue' ? 'Failed to issue the planned parts' : 'Failed to release the planned parts',
      );
    } finally {
      setBusy(false);
    }
  }

  const lines = asking ? unissued(asking.plan) : [];
  const releasable = asking?.plan.planned.every((line) => mayRelease(user, line)) ?? false;
  const dialog = asking && (
    <Modal
      open
      onClose={() => setAsking(null)}
      title={`Planned parts not issued (${workName(work)})`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => setAsking(null)} disabled={busy}>
            Cancel
          </Button>
          {releasable && (
            <Button variant="secondary" onClick={() => void settle('release')} disabled={busy}>
              Release them
            </Button>
          )}
          <Button onClick={() => void settle('issue')} loading={busy}>
            Issue them
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-slate-700">
        <p>These parts were planned and are not issued. Were they used?</p>
        <ul className="list-disc pl-5">
          {lines.map((line) => (
            <li key={`${line.part._id}:${line.bin?._id ?? ''}`}>
              {line.part.partNumber} {line.part.name}: {quantityText(line.quantity, line.part.unit)}
              {line.bin ? ` from ${line.bin.storeroom.name} ${line.bin.code}` : ''}
            </li>
          ))}
        </ul>
        <p>
          Issue them if they were used, release them if not; they stop holding stock either way once {ending}. Cancel
          goes back without ending the work.
        </p>
      </div>
    </Modal>
  );
  return { check, dialog };
}
