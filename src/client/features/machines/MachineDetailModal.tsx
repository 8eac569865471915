import { Link } from '@tanstack/react-router';
import { Pencil, QrCode } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { can } from '#shared/permissions.ts';
import { effectiveScheduleStatus } from '#shared/schedule-status.ts';
import {
  Badge,
  machineStatusTone,
  priorityTone,
  scheduleStatusTone,
  ticketStatusTone,
} from '#client/components/ui/Badge.tsx';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { RecordModal } from '#client/components/ui/RecordModal.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { CreateTicketLink } from './CreateTicketLink.tsx';
import { DeleteMachineButton } from './DeleteMachineButton.tsx';
import { DowntimeTimeline } from './DowntimeTimeline.tsx';
import { IsolationPointsSection } from './IsolationPointsSection.tsx';
import { MachineStatusSelect } from './MachineStatusSelect.tsx';
import { RecordReadingForm } from './RecordReadingForm.tsx';
import { calendarDateText, operatingHoursText, type LocalMachine } from './machine-list.ts';
import { useMachine, useMachineWork } from './use-machines.ts';
import { formatDate } from '#client/lib/dates.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <section className="space-y-3" aria-labelledby={heading}>
      <h3 id={heading} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const listClass = 'divide-y divide-slate-100 rounded-xl border border-slate-200';
const emptyClass = 'text-sm text-slate-500';

function OpenWork({ machineId }: { machineId: string }) {
  const work = useMachineWork(machineId);
  if (!work) return <Spinner />;
  const { openTickets, schedules, failureModes } = work;
  return (
    <>
      <Section title="Most Frequent Failure Modes">
        {failureModes.length === 0 ? (
          <p className={emptyClass}>No coded repairs on this device.</p>
        ) : (
          <ol className={listClass}>
            {failureModes.map((mode) => (
              <li key={mode.problem} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="font-medium text-slate-900">{mode.problem}</span>
                <span className="text-sm text-slate-600">
                  {mode.repairs} {mode.repairs === 1 ? 'repair' : 'repairs'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title={`Open Tickets (${openTickets.length})`}>
        {openTickets.length === 0 ? (
          <p className={emptyClass}>No open tickets.</p>
        ) : (
          <ul className={listClass}>
            {openTickets.map((ticket) => (
              <li key={ticket._id}>
                <Link
                  to="/tickets"
                  search={{ ticket: ticket._id }}
                  className="block min-h-11 px-3 py-2 hover:bg-slate-50"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-xs text-slate-500">{ticket.ticketNumber || 'New ticket'}</span>
                    <Badge tone={ticketStatusTone[ticket.status]}>{ticket.status}</Badge>
                    <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>
                  </span>
                  <span className="mt-1 block font-medium break-words text-brand-700">{ticket.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={`Maintenance Schedules (${schedules.length})`}>
        {schedules.length === 0 ? (
          <p className={emptyClass}>No maintenance scheduled.</p>
        ) : (
          <ul className={listClass}>
            {schedules.map((schedule) => {
              const status = effectiveScheduleStatus(schedule.status, schedule.scheduledDate);
              return (
                <li key={schedule._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <span className="min-w-0 flex-1 font-medium break-words text-slate-900">{schedule.title}</span>
                  <time dateTime={schedule.scheduledDate} className="text-sm text-slate-600">
                    {formatDate(schedule.scheduledDate)}
                  </time>
                  <Badge tone={scheduleStatusTone[status]}>{status}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </>
  );
}

const orDash = (text: string) => text || '-';

function MachineDetails({ machine }: { machine: LocalMachine }) {
  const { specifications } = machine;
  const { role } = useSignedInUser();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={machineStatusTone[machine.status]}>{machine.status}</Badge>
        <PendingMark count={machine._pending} />
        <div className="ml-auto w-48">
          <MachineStatusSelect machine={machine} />
        </div>
      </div>
      <DetailList
        className="grid-cols-2 sm:grid-cols-3"
        details={[
          ['Machine ID', machine.machineId],
          ['Department', machine.department],
          ['Location', machine.location],
          ['Model', machine.model],
          ['Manufacturer', machine.manufacturer],
          ['Installation Date', calendarDateText(machine.installationDate)],
          ['Operating Hours', operatingHoursText(machine.operatingHours)],
        ]}
      />
      {can(role, 'machine:reading') && <RecordReadingForm machine={machine} />}
      <Section title="Specifications">
        <DetailList
          className="grid-cols-2 sm:grid-cols-4"
          details={[
            ['Capacity', orDash(specifications.capacity)],
            ['Power', orDash(specifications.power)],
            ['Dimensions', orDash(specifications.dimensions)],
            ['Weight', orDash(specifications.weight)],
          ]}
        />
      </Section>
      <Section title="Energy Isolation Points">
        <IsolationPointsSection machine={machine} />
      </Section>
      <Section title="Downtime">
        <DowntimeTimeline machine={machine} />
      </Section>
      <OpenWork machineId={machine._id} />
    </div>
  );
}

interface MachineDetailModalProps {
  machineId: string | null;
  onClose: () => void;
  onEdit: (id: string) => void;
}

/** The whole machine and its open work, as this device has them; edit and delete for the roles that may. */
export function MachineDetailModal({ machineId, onClose, onEdit }: MachineDetailModalProps) {
  const { role } = useSignedInUser();
  const machine = useMachine(machineId);

  return (
    <RecordModal
      record={machine}
      missing="This machine is not on this device."
      open={machineId !== null}
      onClose={onClose}
      title={machine ? machine.name : 'Machine'}
      size="xl"
      footer={
        machine && (
          <>
            {can(role, 'machine:delete') && <DeleteMachineButton machine={machine} onDeleted={onClose} />}
            {can(role, 'machine:update') && (
              <Button variant="secondary" onClick={() => onEdit(machine._id)}>
                <Pencil aria-hidden="true" className="size-4" /> Edit Machine
              </Button>
            )}
            <Link
              to="/machines/labels"
              search={{ machine: machine._id }}
              className={buttonClasses('secondary', 'md', 'whitespace-nowrap')}
            >
              <QrCode aria-hidden="true" className="size-4" /> Print Label
            </Link>
            <CreateTicketLink machineId={machine._id} />
          </>
        )
      }
    >
      {(shown) => <MachineDetails machine={shown} />}
    </RecordModal>
  );
}
