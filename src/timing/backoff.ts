/**
 * Exponential backoff with equal jitter, for every repeated failure: the `attempt`th wait
 * (from 1) is between half and all of `firstMs` doubled `attempt - 1` times, never more
 * than `maxMs`. Half fixed so waits really grow; half random so that many clients that
 * failed together (a service back after an outage) do not all come back in step.
 */
export function backoff(attempt: number, firstMs: number, maxMs: number, random: () => number = Math.random): number {
  const step = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
  return step / 2 + random() * (step / 2);
}
