/**
 * A turn for whatever else waits on this thread, taken at once: a message to itself, which browsers
 * run in a task of its own without the 4 ms they hold back every nested timeout after the fifth (a
 * loop that gives way every few hundred records paid them every time).
 */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
// Node's ports keep a process alive; nothing is waiting when only this one is open.
(channel.port1 as { unref?: () => void }).unref?.();

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * Runs the steps one after another, each in a task of its own, so a tap waits for one step at most. A
 * step that fails is passed over: whoever needs its result finds out.
 */
export async function oneATask(steps: readonly (() => Promise<unknown> | undefined)[]): Promise<void> {
  for (const step of steps) {
    await step()?.catch(() => {});
    await nextTask();
  }
}
