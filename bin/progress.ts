/**
 * The progress of an import as a person watches it: on a terminal, one bar redrawn in place;
 * otherwise a line after the first request, every ten, and at the end.
 *
 * The time left is only shown when it can be told honestly. The key allows 60 requests a
 * minute in a window that opens with its first request, so a run of 21 requests into a fresh
 * window takes seconds, and one of 16 into a window already spent waits for that window to
 * end first. The estimate takes the requests left (from the file's true row count), what the
 * service last said was left in the window and when that window ends, and the time one
 * request has taken so far. Before the first answer nothing is known, and nothing is shown.
 */
import type { UpsertProgress } from '../src/server/index.js';
import { count, duration } from './output.js';

const PER_REQUEST = 100;
const WINDOW_MS = 60_000;
const PER_WINDOW = 60;

export interface Budget {
  remaining: number | undefined;
  windowEndsAt: number;
  now: number;
}

/**
 * Milliseconds until `requests` more requests are answered: those the window still allows
 * go at `perRequest` each; the rest wait for the window to end, then go 60 to a minute.
 */
export function timeLeft(requests: number, budget: Budget, perRequest: number): number | undefined {
  if (budget.remaining === undefined) return undefined;
  if (requests <= 0) return 0;
  const now = Math.min(requests, Math.max(0, budget.remaining));
  if (requests <= now) return requests * perRequest;
  const rest = requests - now;
  const untilWindow = Math.max(now * perRequest, budget.windowEndsAt - budget.now);
  const fullWindows = Math.floor((rest - 1) / PER_WINDOW);
  const last = rest - fullWindows * PER_WINDOW;
  return untilWindow + fullWindows * WINDOW_MS + last * perRequest;
}

export class Progress {
  readonly #tty = Boolean(process.stderr.isTTY);
  readonly #started = Date.now();
  #lastLine = 0;
  #lines = 0;
  #lastFigures = '';

  constructor(
    /** Rows in the file (after any already done by an interrupted run). */
    private readonly total: number,
    private readonly dryRun: boolean,
    private readonly budget: () => Budget | undefined,
  ) {}

  /** The estimate for what is still to send, or '' when there is none to give. */
  eta(p: UpsertProgress, requestMs: number | undefined): string {
    const budget = this.budget();
    if (this.dryRun || !budget || requestMs === undefined) return '';
    const unsent = Math.max(0, this.total - p.read) + Math.max(0, p.read - p.sent - p.invalid - p.keptUnsubscribed);
    const ms = timeLeft(Math.ceil(unsent / PER_REQUEST), budget, requestMs);
    return ms === undefined ? '' : duration(ms);
  }

  update(p: UpsertProgress, requestMs: number | undefined, force = false): void {
    const share = this.total ? Math.min(1, p.read / this.total) : 1;
    const eta = force ? '' : this.eta(p, requestMs);
    const figures =
      `${count(p.read)} read · ${count(p.sent)} ${this.dryRun ? 'to send' : 'sent'}` +
      (this.dryRun ? '' : ` · ${count(p.created)} created · ${count(p.updated)} updated`) +
      (p.keptUnsubscribed ? ` · ${count(p.keptUnsubscribed)} left unsubscribed` : '') +
      ` · ${count(p.invalid)} rejected` +
      (eta ? ` · ETA ${eta} at 60 requests/min` : '');
    if (this.#tty) {
      const width = 24;
      const filled = Math.round(share * width);
      process.stderr.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${figures}`);
    } else if (figures !== this.#lastFigures && (force || this.#lines === 0 || Date.now() - this.#lastLine >= 5000 || p.requests % 10 === 0)) {
      this.#lastLine = Date.now();
      this.#lastFigures = figures;
      this.#lines++;
      process.stderr.write(`${figures}\n`);
    }
  }

  done(): void {
    if (this.#tty) process.stderr.write('\n');
  }

  elapsed(): string {
    return duration(Date.now() - this.#started);
  }
}
