import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { departments } from '#shared/enums.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { CreateTicketLink } from './CreateTicketLink.tsx';
import { MachineStatusSelect } from './MachineStatusSelect.tsx';
import { StopDuration } from './StopDuration.tsx';
import { operatingHoursText, type LocalMachine } from './machine-list.ts';

const statusDot: Record<string, string> = {
  Running: 'bg-green-500',
  Down: 'bg-red-500',
  Maintenance: 'bg-yellow-500',
  Idle: 'bg-slate-400',
};

interface MachineCardProps {
  machine: LocalMachine;
  /** Locks of permits to work on it now: it is locked out. */
  locks: number;
  onView: () => void;
}

export function MachineCard({ machine, locks, onView }: MachineCardProps) {
  const nameId = useId();

  return (
    <article
      aria-labelledby={nameId}
      className="flex w-full flex-col gap-4 rounded-xl border border-slate-200 bg-surface p-4"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className={`mt-2 size-3 shrink-0 rounded-full ${statusDot[machine.status]}`} />
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="font-semibold break-words text-slate-900">
            {machine.name}
          </h2>
          <p className="text-sm text-slate-500">{machine.machineId}</p>
          <StopDuration machine={machine} />
          {locks > 0 && (
            <Link
              to="/permits"
              search={{ department: departments.find((department) => department === machine.department) }}
              className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-red-800 underline-offset-2 hover:underline"
            >
              <Lock aria-hidden="true" className="size-4" />
              Locked out: {locks} lock{locks > 1 ? 's' : ''} on
            </Link>
          )}
          {machine._pending > 0 && (
            <div className="mt-1">
              <PendingMark count={machine._pending} />
            </div>
          )}
        </div>
      </div>
      <MachineStatusSelect machine={machine} />
      <DetailList
        details={[
          ['Department', machine.department],
          ['Location', machine.location],
          ['Model', machine.model],
          ['Operating Hours', operatingHoursText(machine.operatingHours)],
        ]}
      />
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-3">
        <Button variant="secondary" onClick={onView} aria-describedby={nameId} className="whitespace-nowrap">
          View Details
        </Button>
        <CreateTicketLink machineId={machine._id} variant="secondary" describedBy={nameId} />
      </div>
    </article>
  );
}
