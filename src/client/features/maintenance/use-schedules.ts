import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { waitsForHours } from '#shared/recurrence.ts';
import { localDb } from '#client/data/store/db.ts';
import type { LocalSchedule } from './schedule-list.ts';

/** Meter-based occurrences with their machine's hours as this device knows them (a reading here counts at once). */
async function withMachineHours(schedules: LocalSchedule[]): Promise<LocalSchedule[]> {
  const metered = schedules.filter((schedule) => schedule.dueHours != null && schedule.machine);
  if (metered.length === 0) return schedules;
  const ids = [...new Set(metered.map((schedule) => schedule.machine!._id))];
  const machines = await localDb.machines.bulkGet(ids);
  const hours = new Map(machines.flatMap((machine) => (machine ? [[machine._id, machine.operatingHours]] : [])));
  return schedules.map((schedule) => {
    if (schedule.dueHours == null || !schedule.machine) return schedule;
    const machineHours = hours.get(schedule.machine._id);
    return { ...schedule, machineHours, waitingForHours: waitsForHours(schedule, machineHours) };
  });
}

/** Every schedule on this device by scheduled date, live: local changes and pulls re-render it. */
export function useSchedules(): LocalSchedule[] | undefined {
  return useLiveQuery(async () => withMachineHours(await localDb.schedules.orderBy('scheduledDate').toArray()), []);
}

/** One schedule as this device shows it; null once it is gone (a discarded create), undefined while loading. */
export function useSchedule(id: string | null): LocalSchedule | null | undefined {
  return useLiveQuery(async () => {
    const schedule = id ? await localDb.schedules.get(id) : undefined;
    return schedule ? (await withMachineHours([schedule]))[0]! : null;
  }, [id]);
}
