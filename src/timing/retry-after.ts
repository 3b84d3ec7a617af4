/**
 * How long a 429 (or a 503) asks a client to wait, read the one way the kit, `hub-kit/server`
 * and the stand-in's tests agree on.
 *
 * - `Retry-After` first, as the spec says ("wait Retry-After seconds"): delta-seconds, or an
 *   HTTP date.
 * - `X-RateLimit-Reset` only when there is no readable `Retry-After`, and only as the spec
 *   defines it, a Unix timestamp in seconds. A value too large to be seconds (past 1e11,
 *   the year 5138) is a timestamp in milliseconds and is read as one.
 * - A date or a timestamp is the service's clock, not the visitor's: it is measured from the
 *   answer's own `Date` header when that can be read, so a visitor clock hours off does not
 *   turn a 30-second wait into hours (or into none).
 * - A moment already past, or nothing readable, gives `undefined`: the caller then backs off
 *   on its own (the budget's growing wait), rather than send again at once.
 * - Every wait is capped at MAX_WAIT_MS.
 */

/**
 * The longest wait the kit accepts from an answer: 10 minutes, the longest window of the
 * spec's limits (10 submissions per address per 10 minutes). A fixed window ends at most
 * one window length after the request it refused, so an honest 429 never asks for more;
 * a longer value is a misread unit, a skewed clock or a hostile answer, and a request
 * sent after 10 minutes costs at most one more 429.
 */
export const MAX_WAIT_MS = 10 * 60_000;

/** Past this, `X-RateLimit-Reset` cannot be seconds since the epoch: it is milliseconds. */
const MS_EPOCH = 1e11;

/**
 * Milliseconds to wait from `receivedAt` (our clock) before asking again, at most
 * MAX_WAIT_MS; undefined when the answer says nothing usable.
 */
export function retryDelay(headers: Headers, receivedAt: number): number | undefined {
  // The service's now: its `Date` header, or ours when it has none (or none a script may read).
  const date = Date.parse(headers.get('Date') ?? '');
  const serverNow = Number.isNaN(date) ? receivedAt : date;
  const after = headers.get('Retry-After')?.trim() ?? '';
  let ms = /^\d+$/.test(after) ? Number(after) * 1000 : Date.parse(after) - serverNow;
  if (Number.isNaN(ms)) {
    const reset = Number(headers.get('X-RateLimit-Reset') || NaN);
    ms = (reset > MS_EPOCH ? reset : reset * 1000) - serverNow;
  }
  return ms > 0 ? Math.min(ms, MAX_WAIT_MS) : undefined;
}
