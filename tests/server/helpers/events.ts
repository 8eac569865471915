/** A device's stream (GET /api/events): the names of the events that arrived, as they arrive. */
export async function follow(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: string[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body!) {
      buffered += decoder.decode(chunk, { stream: true });
      for (const [, name] of buffered.matchAll(/^event: (\w+)$/gm)) events.push(name!);
      buffered = buffered.slice(buffered.lastIndexOf('\n\n') + 2);
    }
  })().catch(() => {});
  const next = async (name: string, within = 2000) => {
    const deadline = Date.now() + within;
    while (!events.includes(name)) {
      if (Date.now() > deadline) throw new Error(`no ${name} event within ${within} ms (got ${events.join(', ')})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    events.splice(0, events.indexOf(name) + 1);
  };
  /** Forgets the events that arrived so far. */
  const clear = () => events.splice(0);
  return { response, next, clear, stop: () => controller.abort(), reading };
}
