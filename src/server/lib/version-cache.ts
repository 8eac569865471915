/**
 * Caches computed responses until the data changes. The key includes the database's change
 * version (see db/database.ts), so a commit on any app server retires every entry at once.
 * Concurrent misses for one key share a single computation.
 */
export class VersionCache {
  private readonly entries = new Map<string, Promise<string>>();
  private readonly capacity: number;

  constructor(capacity = 500) {
    this.capacity = capacity;
  }

  /** An `undefined` version means changes may be going unnoticed: compute afresh and keep nothing. */
  get(version: number | undefined, key: string, compute: () => Promise<unknown>): Promise<string> {
    const computeJson = () => compute().then((value) => JSON.stringify(value));
    if (version === undefined) return computeJson();
    const fullKey = `${version}\u0000${key}`;
    const hit = this.entries.get(fullKey);
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(fullKey);
      this.entries.set(fullKey, hit);
      return hit;
    }
    const pending = computeJson();
    pending.catch(() => this.entries.delete(fullKey));
    this.entries.set(fullKey, pending);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
