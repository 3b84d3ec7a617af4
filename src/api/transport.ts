/**
 * The transport under every call to the service: budget check -> fetch with a timeout ->
 * status handling -> schema.
 *
 * It never sends credentials (no Authorization header, `credentials: 'omit'`), and it never
 * sends a request the service's rate limits would reject: each attempt, retries included,
 * first takes one unit from the visitor's budget.
 *
 * A POST never follows a redirect, and is never sent again when its first outcome is
 * unknown, but for one re-send where the endpoint allows it (see `Endpoint.resend`); any
 * 2xx is its success, whatever the body, and so is a 409 from an endpoint that upserts
 * subscribers (the address is already subscribed; the answer says `already: true`).
 *
 * Waits come from src/timing: the 429's headers (read by `retryDelay`, capped), backoff
 * with jitter between attempts, an abortable sleep, and the kit's clock, which a system clock
 * set back or forward does not move. The timeout covers the whole exchange, the body too.
 *
 * A request the page's Content Security Policy keeps from leaving fails like a dropped
 * connection, but the browser reports it (`securitypolicyviolation`): it is a ConfigError,
 * a set-up error, since nothing was sent, whose message names the origin to allow.
 *
 * It knows no response schema of its own: the caller hands over the one of the endpoint it
 * calls (see calls.ts), so an element that only reads a profile does not carry the parsers
 * of the search index, and a form carries none of the GET endpoints'.
 */
import { budgetFor, type Budget } from '../limits/budget.js';
import { normalizeEmail } from '../limits/rules.js';
import { backoff } from '../timing/backoff.js';
import { now } from '../timing/clock.js';
import { retryDelay } from '../timing/retry-after.js';
import { sleep } from '../timing/sleep.js';
import { normalizeBaseUrl } from './base-url.js';
import { ENDPOINTS, type EndpointName, type EndpointParams } from './endpoints.js';
import {
  ConfigError,
  HttpError,
  NetworkError,
  OfflineError,
  RateLimitedError,
  RedirectError,
  TimeoutError,
  UnconfirmedError,
  UnexpectedResponseError,
  ValidationError,
} from './errors.js';
import { MessageBody, ValidationBody, readBody, unwrap, type Parser } from './schema.js';

export type { Parser };

export interface ClientOptions {
  /** Where the service lives, e.g. `https://example.com`. https only, but for loopback. */
  baseUrl: string;
  /** Per attempt. Default 10 000 ms. */
  timeoutMs?: number;
  /**
   * Attempts in all for network errors, timeouts and 502/503/504. Default 3. A POST whose
   * outcome is unknown is sent at most twice (signups) or once (contact), whatever this says.
   */
  attempts?: number;
  /** First backoff delay; it doubles per attempt, with jitter. Default 400 ms. */
  backoffMs?: number;
  /** Longest single wait between attempts, Retry-After included; past it the call gives up. Default 8 000 ms. */
  maxDelayMs?: number;
  /** The visitor's budget for this service. Default: the shared, persisted one. */
  budget?: Budget;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** Validators from an earlier answer, sent back as If-None-Match / If-Modified-Since. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Conditional<T> =
  | { status: 'modified'; data: T; validators: Validators }
  | { status: 'not-modified' };

export type PostEndpoint = 'formSignup' | 'subscribe' | 'magicLink' | 'contact';
export type GetEndpoint = Exclude<EndpointName, PostEndpoint>;

/** One request as the transport sends it. */
export interface SendRequest extends CallOptions {
  /** JSON body of a POST. */
  body?: unknown;
  /** The address the body carries, counted against the per-email budget. */
  email?: string;
  validators?: Validators | undefined;
  /**
   * No re-send within this call after a send whose outcome is unknown, even where the
   * endpoint allows one (the outbox, for an entry whose one re-send was made before).
   */
  once?: boolean;
  /**
   * Called, and awaited, before the one re-send of a send whose outcome is unknown: the
   * outbox writes down there that it is made, so that a page that goes away during it
   * cannot lead to a third send.
   */
  resent?: () => Promise<unknown>;
}

function rateLimited(resetAt: number, now: number, sent: boolean, message?: string): RateLimitedError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new RateLimitedError(seconds, new Date(resetAt), sent, message);
}

function messageOf(body: unknown, fallback: string): string {
  const parsed = MessageBody.safeParse(body);
  return (parsed.success && parsed.data.message) || fallback;
}

/**
 * What the page's Content Security Policy kept from leaving, as the browser reported it: the
 * blocked URLs of `connect-src` violations, from the first send on.
 */
let blocked: string[] | undefined;

/** Wraps an error that the retry loop may try again. */
class RetryableError extends Error {
  constructor(
    readonly error: Error,
    /** The request may have reached the service: no answer, or a gateway's. */
    readonly unknown: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

export class Transport {
  readonly baseUrl: string;
  readonly budget: Budget;
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #backoffMs: number;
  readonly #maxDelayMs: number;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.budget = options.budget ?? budgetFor(this.baseUrl);
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#attempts = Math.max(1, options.attempts ?? 3);
    this.#backoffMs = options.backoffMs ?? 400;
    this.#maxDelayMs = options.maxDelayMs ?? 8_000;
  }

  /** The absolute URL of an endpoint, e.g. for a form's `action`. */
  url<N extends EndpointName>(name: N, params: EndpointParams[N]): string {
    return this.baseUrl + ENDPOINTS[name].path(params);
  }

  /**
   * Sends one call, retrying network errors, timeouts and 502/503/504, and reads a 2xx
   * body with `schema`. A 304 answers `not-modified` when validators were sent.
   */
  async send<N extends EndpointName, T>(
    name: N,
    params: EndpointParams[N],
    schema: Parser<T>,
    request: SendRequest = {},
  ): Promise<Conditional<T>> {
    const { group, takesEmail, method, resend } = ENDPOINTS[name];
    const url = this.url(name, params);
    const email = takesEmail && request.email ? normalizeEmail(request.email) : undefined;
    if (!blocked) {
      blocked = [];
      globalThis.addEventListener?.('securitypolicyviolation', (event) => {
        if (event.effectiveDirective === 'connect-src') blocked!.push(event.blockedURI);
      });
    }
    let lastError: Error | undefined;
    // The last POST attempt that may have arrived, and how many there were.
    let unknown: Error | undefined;
    let unknowns = 0;

    for (let attempt = 1; attempt <= this.#attempts; attempt++) {
      let retryDelay: number | undefined;
      try {
        // A browser that knows it is offline fails fast, without spending budget.
        if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflineError();
        const decision = await this.budget.take(group, email);
        if (!decision.ok) throw rateLimited(decision.resetAt, now(), false);
        return await this.#attempt(name, url, schema, request);
      } catch (error) {
        if (!(error instanceof RetryableError)) {
          // Stopped before a re-send (offline, a spent budget, a 429): what was sent before
          // may still have arrived.
          throw unknown && (error instanceof NetworkError || error instanceof RateLimitedError)
            ? new UnconfirmedError(unknown)
            : error;
        }
        lastError = error.error;
        retryDelay = error.retryAfterMs;
        if (error.unknown && method === 'POST') {
          unknown = error.error;
          // Once for a contact message, twice for a signup (the service upserts by email).
          if (!resend || request.once || ++unknowns > 1) break;
          await request.resent?.();
        }
      }
      if (attempt === this.#attempts) break;
      const delay = Math.max(backoff(attempt, this.#backoffMs, Infinity), retryDelay ?? 0);
      if (delay > this.#maxDelayMs) break;
      await sleep(delay, request.signal);
    }
    throw unknown ? new UnconfirmedError(unknown) : (lastError ?? new NetworkError());
  }

  async #attempt<T>(name: EndpointName, url: string, schema: Parser<T>, request: SendRequest): Promise<Conditional<T>> {
    const { method, group, upsert } = ENDPOINTS[name];
    const { body, validators, signal } = request;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (validators?.etag) headers['If-None-Match'] = validators.etag;
    if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;

    const timeout = new AbortController();
    const abort = () => timeout.abort();
    const timer = setTimeout(abort, this.#timeoutMs);
    signal?.addEventListener('abort', abort, { once: true });

    let response: Response;
    let data: unknown;
    let receivedAt: number;
    try {
      try {
        response = await fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          // Keyless by design: no cookies, no HTTP auth, nothing that identifies the visitor.
          credentials: 'omit',
          mode: 'cors',
          // Revalidate through the browser's HTTP cache: it adds If-None-Match itself, which
          // costs no CORS preflight, where a script's own If-None-Match header would. A caller
          // that sends its own validators wants to see the 304, which the HTTP cache would hide.
          cache: validators ? 'no-store' : 'no-cache',
          // A redirected POST would lose its body or carry it elsewhere; GETs may move.
          redirect: method === 'POST' ? 'manual' : 'follow',
          signal: timeout.signal,
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason ?? error;
        if (timeout.signal.aborted) throw new RetryableError(new TimeoutError(this.#timeoutMs), true);
        // Blocked by the page's policy? The browser rejects the fetch first and reports the
        // violation a moment later (Chromium, Firefox) or just before (WebKit): a failure
        // waits for the report, half a second at most. Then nothing left the page: a set-up
        // error of the site, which its owner fixes.
        const { origin } = new URL(url);
        for (let i = 0; i < 20; i++, await sleep(25)) {
          if (blocked!.some((blockedUrl) => (blockedUrl + '/').startsWith(origin + '/'))) {
            throw new ConfigError(`hub-kit: add ${origin} to the connect-src of this page's Content-Security-Policy.`);
          }
        }
        throw new RetryableError(new NetworkError(undefined, { cause: error }), true);
      }
      receivedAt = now();
      if (response.status === 304 && validators) return { status: 'not-modified' };
      // A cross-origin redirect is opaque: status 0, no Location to read.
      if (response.type === 'opaqueredirect' || (response.status > 299 && response.status < 400)) {
        throw new RedirectError(response.status, `The service redirected ${method} ${url}; the kit does not follow a redirected POST.`, undefined);
      }
      // A submission's timeout covers its body too: a body that stalls after the headers (a
      // proxy, a CDN cut off) is given up on when it ends, and the status alone decides. A
      // read (a large search index on a slow line) may take longer than its first byte did.
      if (method !== 'POST') clearTimeout(timer);
      data = await (response.ok && schema.raw ? schema.raw(response) : readBody(response)).catch(() => undefined);
      if (signal?.aborted) throw signal.reason;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }

    const { status, headers: answer } = response;
    // 409 from an upsert: the address is already subscribed, which is what the visitor wanted.
    const already = status === 409 && upsert;
    if (response.ok || already) {
      let parsed = schema.safeParse(unwrap(data ?? {}));
      // Any 2xx of a submission is its success: the service has it. A body that is not the
      // service's (a proxy's HTML, a cut-off JSON) only means there is no custom message.
      if (!parsed.success && method === 'POST') parsed = schema.safeParse({});
      if (!parsed.success) throw new UnexpectedResponseError(status, `Unexpected response from ${name}.`, data);
      return {
        status: 'modified',
        data: already ? { ...parsed.data, already } : parsed.data,
        validators: {
          etag: answer.get('ETag') ?? undefined,
          lastModified: answer.get('Last-Modified') ?? undefined,
        },
      };
    }

    if (status === 429) {
      // Without a usable wait in the headers the budget picks one, longer for each repeat.
      const wait = retryDelay(answer, receivedAt);
      const resetAt = await this.budget.close(group, wait && receivedAt + wait);
      throw rateLimited(resetAt, receivedAt, true, messageOf(data, 'Too Many Attempts.'));
    }

    if (status === 422) {
      const parsed = ValidationBody.safeParse(data);
      const fieldErrors = (parsed.success && parsed.data.errors) || {};
      throw new ValidationError(messageOf(data, 'The given data was invalid.'), fieldErrors);
    }

    const error = new HttpError(status, messageOf(data, `The service answered ${status}.`), data);
    // 503: the service took nothing. 502 and 504: a gateway gave up, perhaps after passing it on.
    if (status > 501 && status < 505) throw new RetryableError(error, status !== 503, retryDelay(answer, receivedAt));
    throw error;
  }
}

const transports = new Map<string, Transport>();

/**
 * The page's transport for `baseUrl` (normalized first), shared by every element and the
 * outbox. Throws ConfigError for a bad URL.
 */
export function sharedTransport(baseUrl: string): Transport {
  const normalized = normalizeBaseUrl(baseUrl);
  let transport = transports.get(normalized);
  if (!transport) transports.set(normalized, (transport = new Transport({ baseUrl: normalized })));
  return transport;
}
