const baseMs = 1000;
const capMs = 5 * 60 * 1000;

/** Exponential backoff with full jitter; a server's Retry-After (seconds) is a floor. */
export function retryDelay(attempts: number, retryAfter: string | null, random: () => number = Math.random): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.min(attempts, 20));
  const jittered = Math.round(random() * exponential);
  const serverAsked = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
  return Math.max(jittered, serverAsked, 250);
}
