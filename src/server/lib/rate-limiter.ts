/**
 * Fixed-window counters per key, in memory (each app server counts its own). Entries sit in the map
 * in the order their windows started, so expired ones leave from the front and, at capacity, the
 * oldest window makes room: memory stays bounded and every call is O(1) amortised.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly capacity: number;

  constructor(max: number, windowMs: number, capacity = 10_000) {
    this.max = max;
    this.windowMs = windowMs;
    this.capacity = capacity;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Seconds to wait when the key has used up its attempts in the current window, else 0. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.max) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  count(key: string, now = Date.now()): void {
    this.dropExpired(now);
    const entry = this.windows.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    // Deleted first, so a new window goes to the end of the insertion order.
    this.windows.delete(key);
    if (this.windows.size >= this.capacity) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  forget(key: string): void {
    this.windows.delete(key);
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.windows) {
      if (entry.resetAt > now) return;
      this.windows.delete(key);
    }
  }
}
