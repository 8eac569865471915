import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/server/lib/rate-limiter.ts';

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
    limiter.forget('a');
    expect(limiter.blockedFor('a', start)).toBe(0);
  });
});
