import { permitTypeLabels } from '#shared/permits.ts';
import { Badge, permitStatusTone } from '#client/components/ui/Badge.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { PrintButton, PrintSignatures } from '#client/components/ui/PrintFooter.tsx';
import { RecordHistory } from '#client/components/ui/RecordHistory.tsx';
import { RecordModal } from '#client/components/ui/RecordModal.tsx';
import { formatDateTime } from '#client/lib/dates.ts';
import { HotWorkSection } from './HotWorkSection.tsx';
import { describePermitChange } from './permit-history.ts';
import { PermitPoints } from './PermitPoints.tsx';
import { PermitSteps } from './PermitSteps.tsx';
import { RefusedChanges } from './RefusedChanges.tsx';
import { isOpenPermit, usePermit, type LocalPermit } from './use-permits.ts';

export const permitWork = (permit: LocalPermit) =>
  permit.ticket ? `${permit.ticket.ticketNumber} ${permit.ticket.title}` : (permit.schedule?.title ?? '');

const signers = [
  'Permit holder',
  'Approved by (safety officer)',
  'Isolation checked by',
  'Work done and locks removed',
];

function PermitDetails({ permit }: { permit: LocalPermit }) {
  const open = isOpenPermit(permit);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={permitStatusTone[permit.status]}>{permit.status}</Badge>
        <Badge>{permitTypeLabels[permit.type]}</Badge>
        <PendingMark count={permit._pending} />
      </div>
      <RefusedChanges permitId={permit._id} />
      <DetailList
        className="grid-cols-1 sm:grid-cols-2"
        details={[
          ['Machine', `${permit.machine.name} (${permit.machine.machineId}), ${permit.machine.department}`],
          [permit.ticket ? 'Ticket' : 'Maintenance', permitWork(permit)],
          ['Requested', `${permit.requestedBy?.name ?? 'a former user'}, ${formatDateTime(permit.createdAt)}`],
          [
            'Approved',
            permit.approvedAt
              ? `${permit.approvedBy?.name ?? 'a former user'}, ${formatDateTime(permit.approvedAt)}`
              : 'Not yet',
          ],
          ['Work to do', permit.description || 'Not described'],
        ]}
      />
      {permit.type === 'hot_work' && <HotWorkSection permit={permit} editable={open} />}
      <section aria-label="Isolation points" className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-900">Isolation points and locks</h4>
        <PermitPoints permit={permit} />
      </section>
      <PermitSteps permit={permit} />
      <PrintSignatures signers={signers} />
      <RecordHistory entity="permit" record={permit} describe={describePermitChange} />
    </div>
  );
}

/** One permit to work, opened from the board, a ticket, a schedule or the inbox; prints on one A4 page. */
export function PermitDialog({ permitId, onClose }: { permitId: string; onClose: () => void }) {
  const permit = usePermit(permitId);
  return (
    <RecordModal
      open
      onClose={onClose}
      title={permit ? `${permit.permitNumber} · ${permit.machine.name}` : 'Permit to work'}
      size="lg"
      record={permit}
      missing="This permit is not on this device: it may be closed, or not synced yet."
      footer={<PrintButton />}
    >
      {(record) => <PermitDetails permit={record} />}
    </RecordModal>
  );
}
