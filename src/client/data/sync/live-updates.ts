import type { Transport } from '#client/lib/api.ts';
import { retryDelay } from '#client/data/outbox/backoff.ts';

/** The names of the events in a server-sent event stream, as they arrive. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (name: string) => void): Promise<void> {
  let buffered = '';
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const name = /^event: (.+)$/m.exec(block)?.[1];
      if (name) onEvent(name);
    }
  }
}

/**
 * Follows `/api/events` while started: every `changed` (and every reconnect, which may have missed
 * some) calls `onChange`. Read with fetch, since EventSource cannot send the Authorization header.
 * A cut stream is opened again with backoff; meanwhile the sync loop's own timers still pull.
 * Returns the function that stops it.
 */
export function followLiveUpdates(transport: Transport, onChange: () => void): () => void {
  let stopped = false;
  let failures = 0;
  let controller = new AbortController();

  async function connect(): Promise<void> {
    const token = transport.getToken();
    const response = await transport.fetch(`${transport.baseUrl}/events`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`The event stream answered ${response.status}`);
    failures = 0;
    await readEvents(response.body, () => onChange());
  }

  async function follow() {
    while (!stopped) {
      await connect().catch(() => undefined);
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures++, null)));
      controller = new AbortController();
    }
  }

  void follow();
  return () => {
    stopped = true;
    controller.abort();
  };
}
