import { Link } from '@tanstack/react-router';
import { Panel } from '#client/components/ui/Panel.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { AcknowledgedBadge } from './HandoverCard.tsx';
import { isLogDepartment, useShiftLog, type ShiftLogDepartment } from './use-handovers.ts';

/** The dashboard's card: the user's department's last handover, and whether it was acknowledged. */
export function LastHandover() {
  const user = useSignedInUser();
  if (!isLogDepartment(user.department)) return null;
  return <LastHandoverOf department={user.department} />;
}

function LastHandoverOf({ department }: { department: ShiftLogDepartment }) {
  const last = useShiftLog(department)?.[0];
  return (
    <Panel
      title="Last Handover"
      action={
        <Link
          to="/shift-log"
          search={{ department }}
          className="flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Shift Log
        </Link>
      }
    >
      {last ? (
        <div className="space-y-1 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {department}, {last.shiftDay} {last.shiftLabel} <AcknowledgedBadge handover={last} />
          </p>
          <p>
            Written by {last.writtenBy?.name ?? 'a former user'} at {formatDateTime(last.writtenAt)}
          </p>
          <p>
            {last.acknowledgedAt
              ? `Acknowledged by ${last.acknowledgedBy?.name ?? 'a former user'} at ${formatDateTime(last.acknowledgedAt)}`
              : 'Waiting for the incoming shift'}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-500">No handover in {department} yet</p>
      )}
    </Panel>
  );
}
