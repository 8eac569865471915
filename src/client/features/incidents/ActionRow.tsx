import { FileText } from 'lucide-react';
import { useState } from 'react';
import { isOverdue } from '#shared/incident-actions.ts';
import { can } from '#shared/permissions.ts';
import type { ActionStatus } from '#shared/enums.ts';
import type { IncidentAction } from '#shared/schemas/incident-action.ts';
import { actionStatusTone, Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { notify } from '#client/lib/notify.ts';
import { openAttachment } from '#client/features/attachments/open-attachment.ts';
import { ActionDoneForm } from './ActionDoneForm.tsx';
import { actionPatchChange } from './action-changes.ts';
import { ActionTicket } from './ActionTicket.tsx';
import type { LocalIncident } from './incident-list.ts';
import { formatDate } from '#client/lib/dates.ts';

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

/** What the owner said and showed when marking it Done: the safety officer's evidence when verifying. */
function DoneEvidence({ incident, action }: { incident: LocalIncident; action: IncidentAction }) {
  const evidence = action.evidence ?? [];
  const files = incident.attachments.filter((file) => evidence.includes(file._id));
  if (!action.doneNote && files.length === 0) return null;
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2">
      {action.doneNote && <p className="whitespace-pre-wrap text-slate-800">{action.doneNote}</p>}
      {files.length > 0 && (
        <ul aria-label="Evidence" className="flex flex-wrap gap-2">
          {files.map((file) => (
            <li key={file._id}>
              <button
                type="button"
                onClick={() =>
                  void openAttachment(file).catch((error: unknown) => notify.error(error, 'Failed to open file'))
                }
                className="flex min-h-11 items-center gap-1 rounded px-1 text-sm font-medium text-brand-700 hover:underline"
              >
                <FileText aria-hidden="true" className="size-4" /> {file.originalName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ActionRow({ incident, action }: { incident: LocalIncident; action: IncidentAction }) {
  const user = useSignedInUser();
  const [isMarkingDone, setMarkingDone] = useState(false);
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
        <span className={overdue ? 'font-medium text-red-700' : ''}>{formatDate(action.dueDate)}</span>
        {action.doneAt && ` · done ${formatDate(action.doneAt)}`}
        {action.verifiedBy && ` · verified by ${action.verifiedBy.name}`}
      </p>
      <DoneEvidence incident={incident} action={action} />
      {isMarkingDone ? (
        <ActionDoneForm incident={incident} action={action} onDone={() => setMarkingDone(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {steps.map(([status, label]) => (
            <Button
              key={status}
              variant={status === 'Open' ? 'ghost' : 'primary'}
              onClick={() => (status === 'Done' ? setMarkingDone(true) : step(status))}
            >
              {label}
            </Button>
          ))}
          <ActionTicket incident={incident} action={action} />
        </div>
      )}
    </li>
  );
}
