import { expect, it } from 'vitest';
import { retryAfterMs, retryDelay } from '#client/data/outbox/backoff.ts';

it('doubles the ceiling per attempt, jitters below it, and caps at five minutes', () => {
  expect([0, 1, 2, 3].map((attempt) => retryDelay(attempt, null, () => 1))).toEqual([1000, 2000, 4000, 8000]);
  expect(retryDelay(3, null, () => 0.5)).toBe(4000);
  expect(retryDelay(30, null, () => 1)).toBe(5 * 60 * 1000);
  expect(retryDelay(0, null, () => 0)).toBe(250);
});

it('waits at least as long as the server asks with Retry-After, in seconds or as an HTTP date', () => {
  const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
  expect(retryDelay(0, '120', () => 0.1, now)).toBe(120_000);
  expect(retryDelay(0, 'Wed, 21 Oct 2026 07:30:00 GMT', () => 1, now)).toBe(120_000);
  expect(retryDelay(0, 'Wed, 21 Oct 2026 07:27:00 GMT', () => 1, now)).toBe(1000);
});

it('ignores a Retry-After it cannot read', () => {
  expect(retryAfterMs('soon')).toBe(0);
  expect(retryAfterMs(null)).toBe(0);
  expect(retryAfterMs(' 5 ')).toBe(5000);
});
