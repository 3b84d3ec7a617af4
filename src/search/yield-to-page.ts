/**
 * Yields to the page so input and rendering go on between slices of work: a build on the
 * page's thread, the pieces of an index's body handed to the search worker. A module of its
 * own, so that what only yields does not bring the engine with it.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  // A message, unlike setTimeout(0), is not clamped to 4 ms after a few nestings.
  return (
    scheduler?.yield?.() ??
    new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => resolve(port1.close());
      port2.postMessage(null);
    })
  );
}
