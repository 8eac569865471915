const baseMs = 1000;
const capMs = 5 * 60 * 1000;

/** Retry-After as seconds or as an HTTP date (RFC 9110), in milliseconds from `now`; 0 when absent or unreadable. */
export function retryAfterMs(retryAfter: string | null, now: number = Date.now()): number {
  if (!retryAfter) return 0;
  if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
  const at = Date.parse(retryAfter);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** Exponential backoff with full jitter; a server's Retry-After is a floor. */
export function retryDelay(
  attempts: number,
  retryAfter: string | null,
  random: () => number = Math.random,
  now: number = Date.now(),
): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.min(attempts, 20));
  const jittered = Math.round(random() * exponential);
  return Math.max(jittered, retryAfterMs(retryAfter, now), 250);
}
