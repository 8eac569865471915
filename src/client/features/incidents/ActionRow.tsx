import { isOverdue } from '../../../shared/incident-actions.ts';
import { can } from '../../../shared/permissions.ts';
import type { ActionStatus } from '../../../shared/enums.ts';
import type { IncidentAction } from '../../../shared/schemas/incident-action.ts';
import { actionStatusTone, Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useSignedInUser } from '../../data/session.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { actionPatchChange } from './action-changes.ts';
import { ActionTicket } from './ActionTicket.tsx';
import { dueDateText } from './due-date.ts';
import type { LocalIncident } from './incident-list.ts';

/** The status steps this user may take from here: owners mark Done, safety staff verify and reopen. */
function nextSteps(investigator: boolean, owner: boolean, status: ActionStatus): [ActionStatus, string][] {
  if (status === 'Open') return investigator || owner ? [['Done', 'Mark Done']] : [];
  if (status === 'Done') {
    if (investigator)
      return [
        ['Verified', 'Verify'],
        ['Open', 'Reopen'],
      ];
    return owner ? [['Open', 'Reopen']] : [];
  }
  return investigator ? [['Open', 'Reopen']] : [];
}

export function ActionRow({ incident, action }: { incident: LocalIncident; action: IncidentAction }) {
  const user = useSignedInUser();
  const overdue = isOverdue(action);
  const steps = nextSteps(can(user.role, 'incident:investigate'), action.owner?._id === user._id, action.status);
  const step = (status: ActionStatus) =>
    void saveAndNotify(
      actionPatchChange(user, incident, action, { status }),
      `Action ${status === 'Open' ? 'reopened' : status.toLowerCase()}`,
      'Failed to update action',
    );

  return (
    <li className="space-y-2 px-3 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words text-slate-900">{action.title}</span>
        <Badge tone={action.kind === 'corrective' ? 'orange' : 'purple'}>
          {action.kind === 'corrective' ? 'Corrective' : 'Preventive'}
        </Badge>
        <Badge tone={actionStatusTone[action.status]}>{action.status}</Badge>
        {overdue && <Badge tone="red">Overdue</Badge>}
      </div>
      <p className="text-slate-600">
        Owner {action.owner?.name ?? 'Former user'} · due{' '}
        <span className={overdue ? 'font-medium text-red-700' : ''}>{dueDateText(action.dueDate)}</span>
        {action.doneAt && ` · done ${new Date(action.doneAt).toLocaleDateString()}`}
        {action.verifiedBy && ` · verified by ${action.verifiedBy.name}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {steps.map(([status, label]) => (
          <Button key={status} variant={status === 'Open' ? 'ghost' : 'primary'} onClick={() => step(status)}>
            {label}
          </Button>
        ))}
        <ActionTicket incident={incident} action={action} />
      </div>
    </li>
  );
}
