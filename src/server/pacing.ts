/**
 * One key's request budget, shared by every HubApi in the process that uses the same key
 * against the same service: requests go one at a time, and none is sent that the service
 * would refuse.
 *
 * The spec gives 60 requests a minute per key and, on every answer, `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining`, but no reset time until a 429. The window is fixed and opens with
 * its first request, so the window's end is estimated from the answer that said
 * `Remaining = Limit - 1`: the window opened before that answer arrived, so it ends no later
 * than a minute after. When the opening answer was not seen (another process shares the
 * key), a minute after the latest answer is the safe bound. At `Remaining = 0` the next
 * request waits for that moment.
 */
import { sleep } from '../timing/sleep.js';

/** A clock and a way to wait on it. The default is real time; tests inject their own. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep };

/** The spec's "per minute". */
export const WINDOW_MS = 60_000;
/** A little past the estimated end, for clocks that tick in whole milliseconds on both sides. */
const MARGIN_MS = 250;

export class Pacer {
  /** Answers seen in the current estimate of the window; undefined before the first. */
  #remaining: number | undefined;
  #windowEndsAt = 0;
  /** Set by a 429: nothing is sent before it. */
  #blockedUntil = 0;
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it, so only one request of this key is in flight. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(task, task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** What the last answers said: requests left in the window (undefined before any) and its estimated end. */
  budget(): { remaining: number | undefined; windowEndsAt: number } {
    return { remaining: this.#remaining, windowEndsAt: Math.max(this.#windowEndsAt, this.#blockedUntil) };
  }

  /** How long to wait before the next request may leave. */
  delay(now: number): number {
    let until = this.#blockedUntil;
    if (this.#remaining !== undefined && this.#remaining <= 0) until = Math.max(until, this.#windowEndsAt + MARGIN_MS);
    return Math.max(0, until - now);
  }

  /** Reads an answer's rate-limit headers; `receivedAt` is when it arrived. */
  observe(headers: Headers, receivedAt: number): void {
    const limit = Number(headers.get('X-RateLimit-Limit'));
    const remaining = Number(headers.get('X-RateLimit-Remaining'));
    if (headers.get('X-RateLimit-Remaining') === null || !Number.isFinite(remaining)) return;
    if (receivedAt >= this.#windowEndsAt || (Number.isFinite(limit) && remaining === limit - 1)) {
      this.#windowEndsAt = receivedAt + WINDOW_MS;
    }
    this.#remaining = remaining;
  }

  /** After a 429: nothing leaves before `until`, and the window estimate starts again. */
  block(until: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, until);
    this.#remaining = undefined;
    this.#windowEndsAt = until;
  }
}

const pacers = new Map<string, Pacer>();

/**
 * The pacer of one key at one service. The map is this module's own and never leaves it;
 * it holds one small object per key for the life of the process.
 */
export function pacerFor(service: string, apiKey: string): Pacer {
  const id = `${service}\n${apiKey}`;
  let pacer = pacers.get(id);
  if (!pacer) pacers.set(id, (pacer = new Pacer()));
  return pacer;
}
