/**
 * Repeats a task while its host is on the page and the page is visible: once started, it
 * ticks at once, then again as long after each tick ends as the tick said. A hidden page
 * asks for nothing: ticking stops when the page is hidden or the host leaves, and starts
 * again, at once, when the page is shown or the host is put back.
 */
import type { ReactiveControllerHost } from 'lit';
import { onConnect } from '../../src/lifecycle/on-connect.js';

export interface PollOptions {
  /**
   * One tick. `signal` aborts when ticking stops (page hidden, host gone, stopped or started
   * again). Resolves to the milliseconds to wait before the next tick, or to `false` to stop
   * until `start()` is called again.
   */
  tick(signal: AbortSignal): Promise<number | false>;
}

export class PollController {
  #options: PollOptions;
  #on = false;
  #connection: AbortSignal | undefined;
  #cycle: AbortController | undefined;

  constructor(host: ReactiveControllerHost, options: PollOptions) {
    this.#options = options;
    onConnect(host, (signal) => {
      this.#connection = signal;
      document.addEventListener('visibilitychange', () => void this.#next(), { signal });
      signal.addEventListener('abort', () => this.#cycle?.abort());
      void this.#next();
    });
  }

  /** Ticks now, and then on. */
  start(): void {
    this.#on = true;
    void this.#next();
  }

  /** Stops ticking; a tick under way is aborted. */
  stop(): void {
    this.#on = false;
    this.#cycle?.abort();
  }

  async #next(): Promise<void> {
    this.#cycle?.abort();
    if (!this.#on || this.#connection?.aborted !== false || document.visibilityState === 'hidden') return;
    const cycle = (this.#cycle = new AbortController());
    const wait = await this.#options.tick(cycle.signal);
    if (cycle.signal.aborted) return;
    if (wait === false) return this.stop();
    const timer = setTimeout(() => void this.#next(), wait);
    cycle.signal.addEventListener('abort', () => clearTimeout(timer));
  }
}
