import { useEffect, useState } from 'react';
import { currentShift, type ShiftPlan } from '#shared/shifts.ts';

/** What the derived entries depend on besides the store: the shift under way and the day. */
const turnAt = (now: Date, plan: ShiftPlan) => `${currentShift(now, plan).start.toISOString()} ${now.toDateString()}`;

/**
 * Changes when a shift ends or a day begins (checked every half minute), so a device left open
 * recomputes its due entries and locks still on then rather than at the next change to its store.
 */
export function useInboxClock(plan: ShiftPlan): string {
  // The first check waits for the timer: the plant's time zone takes a moment to load, which the
  // first screen's render need not pay (the entries are computed at mount all the same).
  const [turn, setTurn] = useState('mounted');
  useEffect(() => {
    const timer = setInterval(() => setTurn(turnAt(new Date(), plan)), 30_000);
    return () => clearInterval(timer);
  }, [plan]);
  return turn;
}
