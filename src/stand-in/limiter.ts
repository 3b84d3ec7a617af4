/**
 * Fixed-window counters, shaped like the rate limiter of the PHP framework whose messages
 * the service's spec quotes ("Too Many Attempts."): a window opens at a key's first hit
 * and lasts the limit's length; when it has ended, the next hit opens a new one.
 *
 * A request may involve several counters (per IP, per email). All are checked first and
 * only then all counted, so a refused request spends nothing anywhere.
 */
import type { Limit } from '../limits/rules.js';

interface Window {
  start: number;
  count: number;
}

export interface Counter {
  key: string;
  limit: Limit;
}

/**
 * `remaining`: what is left of the fullest counter after this hit; `endsAt` (ms): when the
 * window that refused the request ends, or, when it was allowed, when that fullest counter's does.
 */
export type LimitDecision = { ok: true; remaining: number; endsAt: number } | { ok: false; endsAt: number };

export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>();
  #nextSweep = 0;

  /** Counts one hit on every counter, or none when any is full. `now` in ms. */
  hit(counters: readonly Counter[], now: number): LimitDecision {
    let blockedUntil: number | undefined;
    for (const { key, limit } of counters) {
      const window = this.#live(key, limit, now);
      if (window && window.count >= limit.max) {
        const end = window.start + limit.windowSeconds * 1000;
        // Several full counters: the request is possible again only when the last one ends.
        blockedUntil = Math.max(blockedUntil ?? end, end);
      }
    }
    if (blockedUntil !== undefined) return { ok: false, endsAt: blockedUntil };

    let remaining = Infinity;
    let endsAt = now;
    for (const { key, limit } of counters) {
      let window = this.#live(key, limit, now);
      if (window) window.count += 1;
      else this.#windows.set(key, (window = { start: now, count: 1 }));
      if (limit.max - window.count < remaining) {
        remaining = limit.max - window.count;
        endsAt = window.start + limit.windowSeconds * 1000;
      }
    }
    this.#sweep(now);
    return { ok: true, remaining, endsAt };
  }

  clear(): void {
    this.#windows.clear();
  }

  #live(key: string, limit: Limit, now: number): Window | undefined {
    const window = this.#windows.get(key);
    if (!window) return undefined;
    if (now >= window.start + limit.windowSeconds * 1000) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  // A long-running stand-in sees many visitors (X-Forwarded-For in load tests); ended
  // windows are dropped once a minute so memory stays flat. No window outlasts an hour.
  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + 60_000;
    for (const [key, window] of this.#windows) {
      if (now - window.start >= 3_600_000) this.#windows.delete(key);
    }
  }
}
