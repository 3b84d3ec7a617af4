/**
 * `HubApi`: the service's authenticated API for servers, build steps and command lines. It
 * runs wherever `fetch` exists (Node, Deno, Bun, workers) and never in a browser: the key
 * is a workspace's secret.
 *
 * Every request goes through the key's pacer (pacing.ts), so the client waits rather than
 * earn a 429; a 429 that comes anyway is waited out and retried with growing, jittered
 * waits. Its headers are read, and every wait capped, by src/timing, as in the browser. Reads and the bulk upsert (an upsert: sending it twice changes nothing) are retried
 * the same way after a network failure or a 5xx.
 */
import {
  ConfigError,
  HttpError,
  NetworkError,
  RateLimitedError,
  UnauthenticatedError,
  UnexpectedResponseError,
  ValidationError,
} from './errors.js';
import { Pacer, pacerFor, realClock, type Clock } from './pacing.js';
import { backoff } from '../timing/backoff.js';
import { MAX_WAIT_MS, retryDelay } from '../timing/retry-after.js';
import { checkBaseUrl, type BaseUrlWords } from '../api/base-url.js';
import { AUTHENTICATED_PATHS, isPath } from '../api/endpoints.js';
import { BulkResult, MessageBody, PageBody, Post, Subscriber, ValidationBody, readBody, unwrap, type PageMeta } from '../api/schema.js';
import { normalizeEmail, upsertAll, type ConsentCheck, type UpsertOptions, type UpsertResult } from './upsert.js';

export interface HubApiOptions {
  /** The service's address, https (http only on loopback), e.g. `https://example.com`. */
  baseUrl: string;
  /** A key of one workspace. Read it from the environment; never put it in code. */
  apiKey: string;
  /** Where the posts list is; the spec does not say. Default `/api/v1/posts`. */
  postsPath?: string;
  /** Milliseconds one request may take before it is given up and retried. Default 30000. */
  timeoutMs?: number;
  /** Attempts after the first for a network failure, a 5xx or a 429. Default 5. */
  retries?: number;
  /** The platform's fetch, if the global one will not do. */
  fetch?: typeof fetch;
  /**
   * For tests: the clock the client paces and waits by. A test that also moves the
   * stand-in's clock (`POST /__stand-in/clock`) from `sleep` runs minutes of pacing in
   * moments. Default: real time.
   */
  clock?: Clock;
}

export interface ListOptions {
  page?: number;
  /** 1 to 100; the service's default is 15. */
  perPage?: number;
  signal?: AbortSignal;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta | undefined;
  /** The next page's URL, or null on the last page. */
  next: string | null;
}

export interface PostsListOptions extends ListOptions {
  /** Only posts published or updated after this moment (an ISO 8601 string or a Date). */
  since?: string | Date;
}

export interface ChangesOptions {
  /** Start after this moment; without it, every post is yielded first, then new ones. */
  since?: string | Date;
  /** Between polls. Default 60000. */
  intervalMs?: number;
  /** Ends the iteration. */
  signal?: AbortSignal;
  /** Told about each failed poll (the service down, a 5xx), and how long until the next try. */
  onError?: (error: unknown, retryInMs: number) => void;
}

export type { Subscriber, Post, PageMeta, UpsertOptions, UpsertResult };

/** The one base-URL rule (src/api/base-url.ts), worded for HubApi; a query or fragment is refused. */
const BASE_URL_WORDS: BaseUrlWords = {
  missing: 'HubApi needs a baseUrl, e.g. "https://example.com".',
  invalid: (value) => `HubApi's baseUrl is not a URL: "${value}".`,
  insecure: (value) => `HubApi sends the key only over https (http only to this machine), not to "${value}".`,
  credentials: "HubApi's baseUrl must not carry a user or password.",
  query: "HubApi's baseUrl must not carry a query or fragment.",
};

/** Network failures and 5xx: 1 s, doubling, at most a minute, with jitter (src/timing/backoff.ts). */
const backoffMs = (attempt: number) => Math.round(backoff(attempt, 1000, 60_000));

const isoOf = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

export class HubApi {
  readonly baseUrl: string;
  readonly postsPath: string;
  readonly #apiKey: string;
  readonly #pacer: Pacer;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #fetch: typeof fetch;

  readonly subscribers = {
    /** One page of subscribers and its meta. */
    list: (options: ListOptions = {}): Promise<Page<Subscriber>> =>
      this.#page(this.#url(AUTHENTICATED_PATHS.subscribers, { page: options.page, per_page: options.perPage }), Subscriber, options.signal),
    /** Every subscriber, page after page (100 at a time unless told), following `links.next`. */
    all: (options: { perPage?: number; signal?: AbortSignal } = {}): AsyncIterable<Subscriber> =>
      this.#all(this.#url(AUTHENTICATED_PATHS.subscribers, { per_page: options.perPage ?? 100 }), Subscriber, options.signal),
    /**
     * Upserts every item of `items` (an iterable or async iterable of
     * `{ email, name?, status?, created_at?, fields? }`), 100 to a request. Nobody who has
     * unsubscribed is subscribed again unless `resubscribe` is set; see UpsertOptions and
     * docs/server.md.
     */
    upsert: (items: Iterable<unknown> | AsyncIterable<unknown>, options: UpsertOptions = {}): Promise<UpsertResult> =>
      upsertAll(
        items,
        options,
        (chunk, signal) => this.#bulk(chunk, signal),
        (signal, onPage) => this.#unsubscribed(signal, onPage),
      ),
  };

  readonly posts = {
    /** One page of posts, oldest change first; with `since`, only those changed after it. */
    list: (options: PostsListOptions = {}): Promise<Page<Post>> =>
      this.#page(
        this.#url(this.postsPath, { since: options.since && isoOf(options.since), page: options.page, per_page: options.perPage }),
        Post,
        options.signal,
      ),
    /** Every post (with `since`, every one changed after it), following `links.next`. */
    all: (options: { since?: string | Date; perPage?: number; signal?: AbortSignal } = {}): AsyncIterable<Post> =>
      this.#all(this.#url(this.postsPath, { since: options.since && isoOf(options.since), per_page: options.perPage ?? 100 }), Post, options.signal),
    /**
     * New and updated posts as they appear: polls every `intervalMs` with `since` set to the
     * newest `updated_at` seen, and yields each post once per `updated_at`.
     */
    changes: (options: ChangesOptions = {}): AsyncIterable<Post> => this.#changes(options),
  };

  constructor(options: HubApiOptions) {
    this.baseUrl = checkBaseUrl(options?.baseUrl, BASE_URL_WORDS);
    if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
      throw new ConfigError('HubApi needs an apiKey: a key of the workspace, from Settings → API keys.');
    }
    if (/\s/.test(options.apiKey.trim())) throw new ConfigError('HubApi\'s apiKey holds spaces; it is one word.');
    const postsPath = options.postsPath ?? AUTHENTICATED_PATHS.posts;
    if (!isPath(postsPath)) throw new ConfigError(`HubApi's postsPath must be a path such as "${AUTHENTICATED_PATHS.posts}", not "${postsPath}".`);
    this.postsPath = postsPath;
    this.#apiKey = options.apiKey.trim();
    this.#pacer = pacerFor(this.baseUrl, this.#apiKey);
    this.#clock = options.clock ?? realClock;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#retries = options.retries ?? 5;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /**
   * The key's allowance as last seen: requests left in the current window (undefined before
   * the first answer) and when that window ends, on this client's clock. For estimates of how
   * long a run will take; the client paces itself whatever it says.
   */
  budget(): { remaining: number | undefined; windowEndsAt: number; now: number } {
    return { ...this.#pacer.budget(), now: this.#clock.now() };
  }

  // The key lives in a private field: JSON.stringify, util.inspect and toString show none of it.
  toString(): string {
    return `HubApi(${this.baseUrl})`;
  }

  toJSON(): { baseUrl: string; postsPath: string } {
    return { baseUrl: this.baseUrl, postsPath: this.postsPath };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }

  #url(path: string, query: Record<string, string | number | undefined>): string {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    return url.href;
  }

  /** A URL the service handed us (`links.next`) is followed only within the base URL: the key goes nowhere else. */
  #ownUrl(href: string): string {
    let url: URL;
    try {
      url = new URL(href, this.baseUrl);
    } catch {
      throw new UnexpectedResponseError(200, `The service gave a next page link that is not a URL: "${href}".`, href);
    }
    const base = new URL(this.baseUrl);
    if (url.origin !== base.origin || !(url.pathname + '/').startsWith(base.pathname.replace(/\/?$/, '/'))) {
      throw new UnexpectedResponseError(200, `The service's next page link leaves ${this.baseUrl}; the key is not sent there.`, href);
    }
    return url.href;
  }

  /**
   * One request through the pacer, with retries: a 429 waits as the service says (then
   * longer each time); a network failure or 5xx waits a growing, jittered time. Answers
   * the parsed body of a 2xx, and throws the typed error of anything else.
   */
  async #request(method: 'GET' | 'POST', url: string, body: unknown, signal: AbortSignal | undefined, retries = this.#retries): Promise<unknown> {
    return this.#pacer.serial(async () => {
      for (let attempt = 0; ; attempt++) {
        signal?.throwIfAborted();
        const wait = this.#pacer.delay(this.#clock.now());
        if (wait > 0) await this.#clock.sleep(wait, signal);

        let response: Response;
        try {
          const timeout = AbortSignal.timeout(this.#timeoutMs);
          response = await this.#fetch(url, {
            method,
            headers: {
              Accept: 'application/json',
              Authorization: `Bearer ${this.#apiKey}`,
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            // The key must not follow a redirect to wherever it points.
            redirect: 'manual',
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
        } catch (error) {
          signal?.throwIfAborted();
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          const failure = new NetworkError(
            timedOut ? `The service did not answer within ${this.#timeoutMs} ms.` : `The service could not be reached at ${new URL(url).origin}.`,
            { cause: error },
          );
          if (attempt >= retries) throw failure;
          await this.#clock.sleep(backoffMs(attempt + 1), signal);
          continue;
        }
        const now = this.#clock.now();
        this.#pacer.observe(response.headers, now);
        const parsed = await readBody(response);
        if (response.ok) return parsed;

        if (response.status === 429) {
          // Retry-After first, X-RateLimit-Reset only without it, both against the answer's Date;
          // a minute when neither says (or says a moment already past).
          const told = retryDelay(response.headers, now) ?? 60_000;
          // The first 429 waits what the service says; each one after it, at least a growing backoff too.
          const wait = Math.min(MAX_WAIT_MS, attempt > 0 ? backoffMs(attempt) + told : told);
          if (attempt >= retries) {
            const seconds = Math.ceil(told / 1000);
            throw new RateLimitedError(seconds, new Date(now + told), true, `The service's rate limit for this key was reached; retry in ${seconds} s.`, parsed);
          }
          this.#pacer.block(now + wait);
          continue;
        }
        if (response.status >= 500 && attempt < retries) {
          await this.#clock.sleep(backoffMs(attempt + 1), signal);
          continue;
        }
        throw this.#failure(response, parsed);
      }
    });
  }

  #failure(response: Response, body: unknown): HttpError {
    const { status } = response;
    if (status === 401) return new UnauthenticatedError(body);
    if (status === 422) {
      const parsed = ValidationBody.safeParse(body);
      const fieldErrors = parsed.success ? (parsed.data.errors ?? {}) : {};
      const message = (parsed.success && parsed.data.message) || 'The service refused the request as invalid (422).';
      return new ValidationError(message, fieldErrors, body);
    }
    if (status >= 300 && status < 400) {
      return new HttpError(status, `The service answered with a redirect (${status}), which is not followed with the key.`, body);
    }
    const message = MessageBody.safeParse(body);
    const detail = message.success && message.data.message ? `: ${message.data.message}` : '';
    return new HttpError(status, `The service answered ${status}${detail}`, body);
  }

  async #page<T>(
    url: string,
    item: { safeParse(value: unknown): { success: boolean; data?: T } },
    signal?: AbortSignal,
    retries?: number,
  ): Promise<Page<T>> {
    const body = await this.#request('GET', url, undefined, signal, retries);
    const page = PageBody.safeParse(body);
    if (!page.success) throw new UnexpectedResponseError(200, 'The service answered with a body that is not a list.', body);
    const data: T[] = [];
    // An item without what every item has (an id, an email) is skipped, not fatal.
    for (const entry of page.data.data) {
      const parsed = item.safeParse(entry);
      if (parsed.success) data.push(parsed.data as T);
    }
    const perPage = Number(new URL(url).searchParams.get('per_page') ?? 15);
    let next: string | null;
    if (page.data.links) next = page.data.links.next === null ? null : this.#ownUrl(page.data.links.next);
    else if (page.data.meta?.current_page !== undefined && page.data.meta.last_page !== undefined) {
      next = page.data.meta.current_page < page.data.meta.last_page ? this.#withPage(url, page.data.meta.current_page + 1) : null;
    } else {
      // No meta and no links: a page shorter than asked is the last.
      next = page.data.data.length < perPage ? null : this.#withPage(url, Number(new URL(url).searchParams.get('page') ?? 1) + 1);
    }
    return { data, meta: page.data.meta, next };
  }

  #withPage(url: string, page: number): string {
    const next = new URL(url);
    next.searchParams.set('page', String(page));
    return next.href;
  }

  async *#all<T>(
    first: string,
    item: { safeParse(value: unknown): { success: boolean; data?: T } },
    signal?: AbortSignal,
    retries?: number,
  ): AsyncIterable<T> {
    let url: string | null = first;
    const visited = new Set<string>();
    while (url) {
      // A service that links back to a page already read would loop forever.
      if (visited.has(url)) throw new UnexpectedResponseError(200, 'The service\'s next page link points back to a page already read.', url);
      visited.add(url);
      const page: Page<T> = await this.#page(url, item, signal, retries);
      yield* page.data;
      url = page.next;
    }
  }

  /** Every address that has unsubscribed from the workspace, normalized, for the upsert's consent rule. */
  async #unsubscribed(signal: AbortSignal | undefined, onPage?: (check: ConsentCheck) => void): Promise<Set<string>> {
    const gone = new Set<string>();
    let read = 0;
    for await (const subscriber of this.subscribers.all({ perPage: 100, ...(signal ? { signal } : {}) })) {
      if (subscriber.status === 'unsubscribed') gone.add(normalizeEmail(subscriber.email));
      if (++read % 100 === 0) onPage?.({ read, unsubscribed: gone.size, done: false });
    }
    onPage?.({ read, unsubscribed: gone.size, done: true });
    return gone;
  }

  async #bulk(subscribers: unknown[], signal: AbortSignal | undefined): Promise<BulkResult> {
    const body = await this.#request('POST', this.#url(AUTHENTICATED_PATHS.bulk, {}), { subscribers }, signal);
    const result = BulkResult.safeParse(unwrap(body));
    if (!result.success) throw new UnexpectedResponseError(200, 'The service answered the upsert with a body that has no created and updated counts.', body);
    return result.data;
  }

  async *#changes(options: ChangesOptions): AsyncIterable<Post> {
    const interval = options.intervalMs ?? 60_000;
    const { signal } = options;
    let since = options.since === undefined ? undefined : isoOf(options.since);
    let sinceMs = since === undefined ? -Infinity : Date.parse(since);
    // Posts yielded at exactly the newest moment seen, in case the service's "since" includes it.
    let atSince = new Set<string>();
    const undated = new Set<string>();
    let failures = 0;
    let wait = interval;
    while (!signal?.aborted) {
      try {
        const found: Post[] = [];
        // No retries inside a poll: a failed poll is tried again at the next, later one.
        for await (const post of this.#all(this.#url(this.postsPath, { since, per_page: 100 }), Post, signal, 0)) found.push(post);
        failures = 0;
        for (const post of found) {
          const stamp = post.updated_at ?? post.published_at;
          const ms = stamp === undefined ? NaN : Date.parse(stamp);
          const key = `${post.id}\n${stamp}`;
          if (Number.isNaN(ms)) {
            // No date to move "since" by: yielded once, by id.
            if (undated.has(post.id)) continue;
            undated.add(post.id);
            yield post;
            continue;
          }
          if (ms < sinceMs || (ms === sinceMs && atSince.has(key))) continue;
          if (ms > sinceMs) {
            sinceMs = ms;
            since = stamp;
            atSince = new Set();
          }
          if (ms === sinceMs) atSince.add(key);
          yield post;
        }
      } catch (error) {
        if (signal?.aborted) return;
        // A refused key or a bad request will not mend itself; an outage will.
        const transient = error instanceof NetworkError || error instanceof RateLimitedError || (error instanceof HttpError && error.status >= 500);
        if (!transient) throw error;
        // After a failure, from one to two intervals, doubling each time up to 15 minutes;
        // half of each wait random, so watchers that failed together do not come back in step.
        wait = backoff(++failures, 2 * interval, 15 * 60_000);
        options.onError?.(error, wait);
      }
      try {
        await this.#clock.sleep(failures ? wait : interval, signal);
      } catch {
        return;
      }
    }
  }
}
