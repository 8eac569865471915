import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { mayAnswerChecklist } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { usePlannedPartsCheck } from '#client/features/parts/PlannedPartsCheck.tsx';
import { CompleteWarning, completeWarnings } from './CompleteWarning.tsx';
import { completeSchedule } from './save-schedule-status.ts';
import type { LocalSchedule } from './schedule-list.ts';

/**
 * Completes the job, for whoever may answer its checklist (an operator on their own job too); asks
 * first when an item failed or is not answered. Nothing to show once it is Completed.
 */
export function CompleteButton({ schedule }: { schedule: LocalSchedule }) {
  const user = useSignedInUser();
  const [confirming, setConfirming] = useState(false);
  const plannedParts = usePlannedPartsCheck(
    { schedule: { _id: schedule._id, title: schedule.title } },
    'the maintenance is completed',
  );
  if (schedule.status === 'Completed' || !mayAnswerChecklist(user, schedule)) return null;
  const complete = () => plannedParts.check(() => void completeSchedule(user, schedule));
  return (
    <>
      <Button onClick={() => (completeWarnings(schedule.checklist).any ? setConfirming(true) : complete())}>
        <CheckCheck aria-hidden="true" className="size-4" /> Complete
      </Button>
      <CompleteWarning
        checklist={schedule.checklist}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          complete();
        }}
      />
      {plannedParts.dialog}
    </>
  );
}
