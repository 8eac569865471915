import { useId } from 'react';
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
  onView: () => void;
}

export function MachineCard({ machine, onView }: MachineCardProps) {
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
