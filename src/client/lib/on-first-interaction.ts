const interactions = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Runs `work` once, when the person first turns to the page (a focus, a tap or click, a key press);
 * answers a function that cancels it. For code a screen needs only once someone uses it.
 */
export function onFirstInteraction(work: () => void): () => void {
  const stop = () => interactions.forEach((type) => document.removeEventListener(type, run, true));
  function run() {
    stop();
    work();
  }
  interactions.forEach((type) => document.addEventListener(type, run, { capture: true, passive: true }));
  return stop;
}
