import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isStopped } from '#shared/downtime-reasons.ts';
import { downtimeEvent, type DowntimeEvent } from '#shared/schemas/downtime.ts';
import { api } from '#client/lib/api.ts';
import { minutesSince, type LocalMachine } from './machine-list.ts';

/**
 * The server's list of stops as this device knows the machine now: a stop saved here shows at once
 * (an open event from the machine's `stop`), and a stop ended here ends at once; the next answer of
 * the server, asked for whenever the machine's confirmed version changes, has the exact times.
 */
export function withLocalStop(events: DowntimeEvent[], machine: LocalMachine, now: number): DowntimeEvent[] {
  const stop = isStopped(machine.status) ? machine.stop : null;
  const known = stop && events.find((event) => event.startedAt === stop.since);
  const shown = events.map((event): DowntimeEvent => {
    if (event.endedAt) return event;
    if (event === known) return { ...event, durationMinutes: minutesSince(event.startedAt, now) };
    const endedAt = new Date(now).toISOString();
    return { ...event, endedAt, durationMinutes: minutesSince(event.startedAt, now) };
  });
  if (!stop || known) return shown;
  const local: DowntimeEvent = {
    _id: `local:${stop.since}`,
    status: machine.status === 'Down' ? 'Down' : 'Maintenance',
    startedAt: stop.since,
    endedAt: null,
    durationMinutes: minutesSince(stop.since, now),
    reason: stop.reason,
    ticket: null,
  };
  return [local, ...shown];
}

const downtimeKey = (machineId: string) => ['machines', machineId, 'downtime'];

/** The machine's stops, from the server; the persisted query cache keeps the last answer for offline use. */
export function useDowntime(machine: LocalMachine) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: downtimeKey(machine._id) });
  }, [queryClient, machine._id, machine.version]);
  return useQuery(
    queryOptions({
      queryKey: downtimeKey(machine._id),
      queryFn: () => api.get(`machines/${machine._id}/downtime`).json(downtimeEvent.array()),
    }),
  );
}
