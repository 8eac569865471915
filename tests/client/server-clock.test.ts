import { afterEach, describe, expect, it } from 'vitest';
import { inServerTime, learnServerClock } from '#client/lib/server-clock.ts';

const answerDated = (date: Date) => new Response(null, { headers: { date: date.toUTCString() } });
const madeAt = '2026-11-02T08:00:00.000Z';

describe('the server clock', () => {
  afterEach(() => learnServerClock(answerDated(new Date())));

  it('sends a change made on a tablet whose clock is an hour behind in server time', () => {
    const now = Date.parse('2026-11-02T09:30:00.000Z');
    learnServerClock(answerDated(new Date(now + 3_600_000)), now);
    expect(Date.parse(inServerTime(madeAt)) - Date.parse(madeAt)).toBeCloseTo(3_600_500, -3);
  });

  it('leaves the time alone when the clocks agree within the header’s whole seconds', () => {
    const now = Date.parse('2026-11-02T09:30:00.400Z');
    learnServerClock(answerDated(new Date(now)), now);
    expect(inServerTime(madeAt)).toBe(madeAt);
  });
});
