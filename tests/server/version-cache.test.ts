import { describe, expect, it } from 'vitest';
import { VersionCache } from '#server/lib/version-cache.ts';

describe('VersionCache', () => {
  it('serves one computation per version, and computes afresh every time when the version is unknown', async () => {
    const cache = new VersionCache();
    let computed = 0;
    const compute = () => Promise.resolve({ computed: ++computed });
    expect(await cache.get(1, 'list', compute)).toBe('{"computed":1}');
    expect(await cache.get(1, 'list', compute)).toBe('{"computed":1}');
    expect(await cache.get(undefined, 'list', compute)).toBe('{"computed":2}');
    expect(await cache.get(undefined, 'list', compute)).toBe('{"computed":3}');
    expect(await cache.get(2, 'list', compute)).toBe('{"computed":4}');
  });
});
