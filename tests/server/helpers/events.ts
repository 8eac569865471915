import { EventEmitter, once } from 'node:events';

/**
 * A device's stream (GET /api/events): the names of the events that arrived, as they arrive. Waiting
 * for one is bounded only by the test's own timeout: a live update is a signal, not a time.
 */
export async function follow(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: string[] = [];
  const arrivals = new EventEmitter();
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body!) {
      buffered += decoder.decode(chunk, { stream: true });
      for (const [, name] of buffered.matchAll(/^event: (\w+)$/gm)) events.push(name!);
      buffered = buffered.slice(buffered.lastIndexOf('\n\n') + 2);
      arrivals.emit('event');
    }
  })().catch(() => {});
  /** Waits for the event `name`, then forgets it and those before it. */
  const next = async (name: string) => {
    while (!events.includes(name)) await once(arrivals, 'event');
    events.splice(0, events.indexOf(name) + 1);
  };
  /** Forgets the events that arrived so far. */
  const clear = () => events.splice(0);
  return { response, next, clear, stop: () => controller.abort(), reading };
}
