/**
 * The kit's one clock for waits and budgets: milliseconds since the epoch, read as the page's
 * time origin plus the monotonic time since it.
 *
 * `Date.now()` jumps when the system clock is set (a device correcting itself, a visitor
 * changing the time by hand): a countdown measured with it would read "about 60 minutes" after
 * the clock went back an hour, and end at once after it went forward. `performance.now()`
 * never jumps; `performance.timeOrigin` is when this page began, so the sum still reads as a
 * time of day that other tabs and later pages can compare theirs with (each starts from the
 * clock as it was when it began).
 */
export const now = (): number => performance.timeOrigin + performance.now();
