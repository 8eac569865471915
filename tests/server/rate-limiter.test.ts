import { describe, expect, it } from 'vitest';
import { GrowingDelays, RateLimiter } from '#server/lib/rate-limiter.ts';

const minute = 60_000;

describe('RateLimiter', () => {
  it('keeps at most its capacity of keys, however many distinct keys arrive', () => {
    const limiter = new RateLimiter(10, 15 * minute, 1000);
    const now = Date.now();
    for (let index = 0; index < 150_000; index += 1) limiter.count(`guess${index}@plant.test`, now + index);
    expect(limiter.size).toBe(1000);
  });

  it('drops expired windows as new keys arrive', () => {
    const limiter = new RateLimiter(10, minute);
    const start = Date.now();
    for (let index = 0; index < 500; index += 1) limiter.count(`early${index}`, start);
    limiter.count('late', start + minute);
    expect(limiter.size).toBe(1);
  });

  it('blocks a key after max counts until its window ends, in whole seconds', () => {
    const limiter = new RateLimiter(3, minute);
    const start = Date.now();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(limiter.blockedFor('a', start)).toBe(0);
      limiter.count('a', start);
    }
    expect(limiter.blockedFor('a', start + 500)).toBe(60);
    expect(limiter.blockedFor('b', start)).toBe(0);
    expect(limiter.blockedFor('a', start + minute)).toBe(0);
  });
});

describe('GrowingDelays', () => {
  const options = { free: 3, maxDelayMs: 8000, forgetMs: 15 * minute };

  it('lets the first failures retry at once, then makes each next attempt wait twice as long, up to the cap', () => {
    const delays = new GrowingDelays(options);
    let now = Date.now();
    const waits: number[] = [];
    for (let failure = 1; failure <= 8; failure += 1) {
      const wait = delays.admit('a', now);
      waits.push(wait);
      now += wait * 1000;
      expect(delays.admit('a', now)).toBe(0);
      delays.fail('a', now);
    }
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 8]);
    expect(delays.admit('b', now)).toBe(0);
  });

  it('makes attempts sent at once wait their turn, and counts the wait in whole seconds', () => {
    const delays = new GrowingDelays(options);
    const start = Date.now();
    for (let failure = 0; failure < 4; failure += 1) delays.fail('a', start);
    expect(delays.admit('a', start + 1500)).toBe(1);
    expect(delays.admit('a', start + 2000)).toBe(0);
    expect(delays.admit('a', start + 2000)).toBe(2);
  });

  it('forgets a key when told (a success) and a while after its last attempt', () => {
    const delays = new GrowingDelays(options);
    const start = Date.now();
    for (let failure = 0; failure < 5; failure += 1) delays.fail('a', start);
    delays.forget('a');
    expect(delays.admit('a', start)).toBe(0);
    for (let failure = 0; failure < 5; failure += 1) delays.fail('b', start);
    expect(delays.admit('b', start + 1000)).toBe(3);
    expect(delays.admit('b', start + options.forgetMs)).toBe(0);
    delays.fail('c', start + options.forgetMs);
    expect(delays.size).toBe(1);
  });

  it('keeps at most its capacity of keys, the oldest leaving first', () => {
    const delays = new GrowingDelays(options, 1000);
    const now = Date.now();
    for (let index = 0; index < 150_000; index += 1) delays.fail(`10.0.0.1 guess${index}@plant.test`, now + index);
    expect(delays.size).toBe(1000);
    for (let failure = 0; failure < 3; failure += 1) delays.fail('victim', now + 200_000);
    delays.fail('newest', now + 200_001);
    expect(delays.admit('victim', now + 200_001)).toBe(1);
  });
});
