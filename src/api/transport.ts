/**
 * The transport under every call to the service: budget check -> fetch with a timeout ->
 * status handling -> schema.
 *
 * It never sends credentials (no Authorization header, `credentials: 'omit'`), and it never
 * sends a request the service's rate limits would reject: each attempt, retries included,
 * first takes one unit from the visitor's budget.
 *
 * It knows no response schema of its own: the caller hands over the one of the endpoint it
 * calls (see calls.ts), so an element that only reads a profile does not carry the parsers
 * of the search index, and a form carries none of the GET endpoints'.
 */
import { budgetFor, type Budget } from '../limits/budget.js';
import { normalizeEmail } from '../limits/rules.js';
import { normalizeBaseUrl } from './base-url.js';
import { ENDPOINTS, type EndpointName, type EndpointParams } from './endpoints.js';
import {
  HttpError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from './errors.js';
import { MessageBody, ValidationBody, unwrap, type Parser } from './schema.js';

export type { Parser };

export interface ClientOptions {
  /** Where the service lives, e.g. `https://example.com`. https only, but for loopback. */
  baseUrl: string;
  /** Per attempt. Default 10 000 ms. */
  timeoutMs?: number;
  /** Attempts in all for network errors, timeouts and 502/503/504. Default 3. */
  attempts?: number;
  /** First backoff delay; it doubles per attempt, with jitter. Default 400 ms. */
  backoffMs?: number;
  /** Longest single wait between attempts, Retry-After included. Default 8 000 ms. */
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
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const isDigits = (value: string) => /^\d+$/.test(value);

/** Retry-After is either delta-seconds or an HTTP date. Returns ms from now, or undefined. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (isDigits(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The moment a 429 stops applying: the later of Retry-After and X-RateLimit-Reset. */
function rateLimitEnd(headers: Headers, now: number): number {
  const after = parseRetryAfter(headers.get('Retry-After'), now);
  const reset = headers.get('X-RateLimit-Reset')?.trim();
  const candidates: number[] = [];
  if (after !== undefined) candidates.push(now + after);
  if (reset && isDigits(reset)) candidates.push(Number(reset) * 1000);
  // Neither header: the spec promises both, but wait a full minute rather than hammer.
  return candidates.length ? Math.max(...candidates) : now + 60_000;
}

function rateLimited(resetAt: number, now: number, sent: boolean, message?: string): RateLimitedError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new RateLimitedError(seconds, new Date(resetAt), sent, message);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown, fallback: string): string {
  const parsed = MessageBody.safeParse(body);
  return (parsed.success && parsed.data.message) || fallback;
}

/** Wraps an error that the retry loop may try again. */
class RetryableError extends Error {
  constructor(
    readonly error: Error,
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
    const { group, takesEmail } = ENDPOINTS[name];
    const url = this.url(name, params);
    const email = takesEmail && request.email ? normalizeEmail(request.email) : undefined;
    let lastError: Error | undefined;

    for (let attempt = 1; attempt <= this.#attempts; attempt++) {
      // A browser that knows it is offline fails fast, without spending budget.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        throw new NetworkError('The browser is offline.');
      }
      const decision = await this.budget.take(group, email);
      if (!decision.ok) throw rateLimited(decision.resetAt, Date.now(), false);

      let retryDelay: number | undefined;
      try {
        return await this.#attempt(name, url, schema, request);
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        lastError = error.error;
        retryDelay = error.retryAfterMs;
      }
      if (attempt === this.#attempts) break;
      const backoff = this.#backoffMs * 2 ** (attempt - 1);
      // Equal jitter: half fixed, half random, so many visitors do not retry in step.
      const delay = Math.max(backoff / 2 + Math.random() * (backoff / 2), retryDelay ?? 0);
      if (delay > this.#maxDelayMs) break;
      await sleep(delay, request.signal);
    }
    throw lastError ?? new NetworkError();
  }

  async #attempt<T>(name: EndpointName, url: string, schema: Parser<T>, request: SendRequest): Promise<Conditional<T>> {
    const { method, group } = ENDPOINTS[name];
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
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // Keyless by design: no cookies, no HTTP auth, nothing that identifies the visitor.
        credentials: 'omit',
        mode: 'cors',
        // The kit keeps its own cache with its own validators; the HTTP cache would hide 304s.
        cache: 'no-store',
        redirect: 'follow',
        signal: timeout.signal,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (timeout.signal.aborted) throw new RetryableError(new TimeoutError(this.#timeoutMs));
      throw new RetryableError(new NetworkError(undefined, { cause: error }));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }

    const now = Date.now();
    const { status, headers: answer } = response;
    if (status === 304 && validators) return { status: 'not-modified' };

    const data = await readBody(response).catch(() => undefined);

    if (response.ok) {
      const parsed = schema.safeParse(unwrap(data ?? {}));
      if (!parsed.success) throw new UnexpectedResponseError(status, `Unexpected response from ${name}.`, data);
      return {
        status: 'modified',
        data: parsed.data,
        validators: {
          etag: answer.get('ETag') ?? undefined,
          lastModified: answer.get('Last-Modified') ?? undefined,
        },
      };
    }

    if (status === 429) {
      const resetAt = rateLimitEnd(answer, now);
      await this.budget.close(group, resetAt);
      throw rateLimited(resetAt, now, true, messageOf(data, 'Too Many Attempts.'));
    }

    if (status === 422) {
      const parsed = ValidationBody.safeParse(data);
      const fieldErrors = (parsed.success && parsed.data.errors) || {};
      throw new ValidationError(messageOf(data, 'The given data was invalid.'), fieldErrors);
    }

    const error = new HttpError(status, messageOf(data, `The service answered ${status}.`), data);
    if (status > 501 && status < 505) throw new RetryableError(error, parseRetryAfter(answer.get('Retry-After'), now));
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
