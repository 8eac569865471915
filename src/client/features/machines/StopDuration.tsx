import { isStopped } from '#shared/downtime-reasons.ts';
import { durationText, minutesSince, type LocalMachine } from './machine-list.ts';
import { useMinuteClock } from './use-minute-clock.ts';

/** "Down 2 h 15 min": how long the machine has been stopped, counting on; nothing while it is up. */
export function StopDuration({ machine }: { machine: LocalMachine }) {
  const now = useMinuteClock();
  if (!isStopped(machine.status) || !machine.stop) return null;
  const what = machine.status === 'Down' ? 'Down' : 'In maintenance';
  return (
    <p className={`text-sm font-medium ${machine.status === 'Down' ? 'text-red-700' : 'text-amber-700'}`}>
      {what} {durationText(minutesSince(machine.stop.since, now))}
    </p>
  );
}
