/**
 * How far the server's clock is ahead of this device's, learnt from each answer's Date header. A
 * change's device time (`X-Client-Time`, which places a machine's stop on the timeline) is sent in
 * server time, so a tablet whose clock is off does not reorder what happened on the floor. The header
 * has whole seconds, so offsets within two seconds count as none.
 */
let offsetMs = 0;

export function learnServerClock(response: Response, receivedAt = Date.now()): void {
  const serverTime = Date.parse(response.headers.get('date') ?? '');
  if (Number.isNaN(serverTime)) return;
  const offset = serverTime + 500 - receivedAt;
  offsetMs = Math.abs(offset) > 2000 ? offset : 0;
}

/** A time this device took, in the server's clock. */
export function inServerTime(deviceTime: string): string {
  return offsetMs === 0 ? deviceTime : new Date(Date.parse(deviceTime) + offsetMs).toISOString();
}
