/**
 * A read through the kit's cache (src/cache), for an element: the data shown, whether a run
 * is waiting for its first answer, why the last one failed, and whether the copy shown is a
 * saved one the service has not confirmed.
 *
 * Each run has its own AbortSignal. Starting a run aborts the one before, and so does the
 * host leaving the page, so an answer that arrives for a superseded run (another tenant, a
 * card taken off the page) is dropped instead of shown over the newer one. A host put back
 * on the page starts a run again when it wants one.
 *
 * The cache answers a stale copy at once and checks it in the background. A changed copy
 * replaces the one shown. "Unchanged" and "could not be checked" both end the check without
 * data, so they are told apart by reading again: a copy the service confirmed is fresh now,
 * one it could not confirm is still stale, which means offline or out of reach.
 *
 * Data is shown only when it is not the copy already shown (the cache hands out the same
 * object until the data changes), so a refresh that changes nothing renders nothing.
 */
import type { ReactiveControllerHost } from 'lit';
import type { SwrResult } from '../../src/cache/swr.js';
import { onConnect } from '../../src/lifecycle/on-connect.js';

export interface ResourceOptions<T> {
  /** Reads through the cache; `retry` when a person asked, which goes past a failed load's backoff. */
  read(retry: boolean): Promise<SwrResult<T>>;
  /**
   * Shows data new to this controller: a run's first answer, or what the background check
   * brought. Awaited; `signal` aborts when the run is superseded.
   */
  show(result: SwrResult<T>, signal: AbortSignal): void | Promise<void>;
  /** A run failed, with nothing cached to show instead. */
  fail?(error: Error): void;
}

export class ResourceController<T> {
  /** The data shown last. */
  value: T | undefined;
  /** Why the last run failed; it stays while the next one runs, until that one settles. */
  error: Error | undefined;
  /** From a run's start until its first answer is shown or its failure recorded. */
  pending = false;
  /** The copy shown is a saved one the service has not confirmed. */
  offline = false;

  #host: ReactiveControllerHost;
  #options: ResourceOptions<T>;
  #run: AbortController | undefined;
  #first: Promise<void> | undefined;

  constructor(host: ReactiveControllerHost, options: ResourceOptions<T>) {
    this.#host = host;
    this.#options = options;
    onConnect(host, (signal) => {
      // Back online: ask again for what failed, or could not be confirmed.
      addEventListener('online', () => void ((this.offline || this.error) && this.run(true)), { signal });
      signal.addEventListener('abort', () => this.#run?.abort());
    });
  }

  /**
   * Starts a run, aborting the one before. Resolves once its first answer is shown or its
   * failure recorded, never rejects; a stale copy goes on being checked in the background.
   */
  run(retry = false): Promise<void> {
    this.#run?.abort();
    const run = (this.#run = new AbortController());
    this.pending = true;
    this.#host.requestUpdate();
    return (this.#first = this.#start(retry, run));
  }

  /** The run in flight, or a new one when none is and nothing is shown yet. */
  load(): Promise<void> {
    return this.pending ? this.#first! : this.value === undefined ? this.run() : Promise.resolve();
  }

  /** Forgets the data, the failure and any run: the source changed (another tenant). */
  reset(): void {
    this.#run?.abort();
    this.#run = this.value = this.error = undefined;
    this.pending = this.offline = false;
    this.#host.requestUpdate();
  }

  async #start(retry: boolean, run: AbortController): Promise<void> {
    let failure: Error | undefined;
    try {
      await this.#take(await this.#options.read(retry), run.signal);
    } catch (error) {
      failure = error as Error;
    }
    // Aborted by a newer run, that one owns the state; by the host leaving, nothing is pending.
    if (this.#run !== run) return;
    this.pending = false;
    this.#host.requestUpdate();
    if (run.signal.aborted) return;
    this.error = failure;
    if (failure) this.#options.fail?.(failure);
  }

  /** Shows `result` if its data is new here, and has a stale one checked in the background. */
  async #take(result: SwrResult<T>, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    // Fresh means confirmed within freshness; a stale copy is unconfirmed until its check
    // ends, and cannot be confirmed while the browser says it is offline.
    this.offline = !result.fresh && navigator.onLine === false;
    if (result.data !== this.value) {
      await this.#options.show(result, signal);
      if (signal.aborted) return;
      this.value = result.data;
    }
    if (!result.fresh) void this.#check(result, signal);
  }

  /**
   * The check brings new data, or nothing: unchanged, or unreachable. One more read tells
   * those apart, as a copy the service just confirmed is fresh, and one it could not is not.
   */
  async #check(result: SwrResult<T>, signal: AbortSignal): Promise<void> {
    let confirmed = false;
    try {
      const checked = (await result.revalidated) ?? (await this.#options.read(false));
      if ((confirmed = checked.fresh)) await this.#take(checked, signal);
    } catch {
      // Nothing could be read at all: the copy shown stays the answer, unconfirmed.
    }
    if (signal.aborted) return;
    this.offline = !confirmed;
    this.#host.requestUpdate();
  }
}
