/**
 * Waiting in Node tests: the one `until()` for a condition that holds later (a file a
 * command writes, the service's log, a page's text), and `wait()` for the quiet windows of
 * "nothing happens" checks. The browser suites have their own in test/browser/helpers/dom.ts:
 * the same contract, in the page.
 */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface UntilOptions {
  /** Milliseconds before giving up (default 10 s). */
  timeoutMs?: number;
  /** Milliseconds between two checks (default 50). */
  intervalMs?: number;
  /** A process (or anything) whose end makes the wait pointless: fail at once when it settles. */
  exited?: Promise<unknown>;
}

/**
 * Polls `check` until it holds, or fails naming `what` (a function: to describe the state at
 * the moment the wait gave up).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  { timeoutMs = 10_000, intervalMs = 50, exited }: UntilOptions = {},
): Promise<void> {
  let done = false;
  void exited?.then(
    () => (done = true),
    () => (done = true),
  );
  const name = () => (typeof what === 'string' ? what : what());
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (done) throw new Error(`exited before ${name()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${name()}`);
    await wait(intervalMs);
  }
}
