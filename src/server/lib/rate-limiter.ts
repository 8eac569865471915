/**
 * Entries per key in memory (each app server counts its own), in the map in the order they expire:
 * expired ones leave from the front and, at capacity, the oldest makes room, so memory stays bounded
 * and every call is O(1) amortised. Every entry of one map lives equally long, so an entry set later
 * expires later.
 */
class ExpiringEntries<Entry extends { expiresAt: number }> {
  readonly #entries = new Map<string, Entry>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  set(key: string, entry: Entry, now: number): void {
    for (const [oldKey, old] of this.#entries) {
      if (old.expiresAt > now) break;
      this.#entries.delete(oldKey);
    }
    // Deleted first, so the entry goes to the end of the insertion order.
    this.#entries.delete(key);
    if (this.#entries.size >= this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

const defaultCapacity = 10_000;

/** Fixed-window counters per key: `max` counts within `windowMs`, then blocked until the window ends. */
export class RateLimiter {
  readonly #windows: ExpiringEntries<{ count: number; expiresAt: number }>;
  readonly #max: number;
  readonly #windowMs: number;

  constructor(max: number, windowMs: number, capacity = defaultCapacity) {
    this.#windows = new ExpiringEntries(capacity);
    this.#max = max;
    this.#windowMs = windowMs;
  }

  get size(): number {
    return this.#windows.size;
  }

  /** Seconds to wait when the key has used up its counts in the current window, else 0. */
  blockedFor(key: string, now = Date.now()): number {
    const window = this.#windows.get(key, now);
    if (!window || window.count < this.#max) return 0;
    return Math.ceil((window.expiresAt - now) / 1000);
  }

  count(key: string, now = Date.now()): void {
    const window = this.#windows.get(key, now);
    if (window) window.count += 1;
    else this.#windows.set(key, { count: 1, expiresAt: now + this.#windowMs }, now);
  }
}

/**
 * Failures per key: once a key has `free` of them, its next attempt waits 1 s, and each further
 * failure doubles the wait, up to `maxDelayMs`. The wait runs from the key's last attempt, so
 * attempts sent at once wait their turn too. A key is forgotten `forgetMs` after its last attempt.
 */
export class GrowingDelays {
  readonly #keys: ExpiringEntries<{ failures: number; lastAttempt: number; expiresAt: number }>;
  readonly #free: number;
  readonly #maxDelayMs: number;
  readonly #forgetMs: number;

  constructor(
    { free, maxDelayMs, forgetMs }: { free: number; maxDelayMs: number; forgetMs: number },
    capacity = defaultCapacity,
  ) {
    this.#keys = new ExpiringEntries(capacity);
    this.#free = free;
    this.#maxDelayMs = maxDelayMs;
    this.#forgetMs = forgetMs;
  }

  get size(): number {
    return this.#keys.size;
  }

  /** Seconds this key must still wait, or 0 after recording the attempt it may make now. */
  admit(key: string, now = Date.now()): number {
    const entry = this.#keys.get(key, now);
    if (!entry) return 0;
    const wait = entry.lastAttempt + this.#delayMs(entry.failures) - now;
    if (wait > 0) return Math.ceil(wait / 1000);
    this.#keys.set(key, { ...entry, lastAttempt: now, expiresAt: now + this.#forgetMs }, now);
    return 0;
  }

  fail(key: string, now = Date.now()): void {
    const failures = (this.#keys.get(key, now)?.failures ?? 0) + 1;
    this.#keys.set(key, { failures, lastAttempt: now, expiresAt: now + this.#forgetMs }, now);
  }

  forget(key: string): void {
    this.#keys.delete(key);
  }

  #delayMs(failures: number): number {
    return failures < this.#free ? 0 : Math.min(1000 * 2 ** (failures - this.#free), this.#maxDelayMs);
  }
}
