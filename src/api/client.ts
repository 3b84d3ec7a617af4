/**
 * The keyless client: one typed function per public endpoint.
 *
 * Every call goes the same way: budget check -> fetch with a timeout -> status handling ->
 * schema. It never sends credentials (no Authorization header, `credentials: 'omit'`), and
 * it never sends a request the service's rate limits would reject: each attempt, retries
 * included, first takes one unit from the visitor's budget.
 */
import { budgetFor, type Budget } from '../limits/budget.js';
import { normalizeEmail } from '../limits/rules.js';
import { normalizeBaseUrl } from './base-url.js';
import { ENDPOINTS, type EndpointName, type EndpointParams } from './endpoints.js';
import {
  ConfigError,
  HttpError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from './errors.js';
import {
  MessageBody,
  RESPONSE_SCHEMAS,
  ValidationBody,
  unwrap,
  type Bio,
  type ContactBody,
  type Presence,
  type Resolved,
  type ResponseTypes,
  type SearchIndex,
  type SignupBody,
  type SubmitResponse,
} from './schema.js';

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

const RETRYABLE_STATUS = new Set([502, 503, 504]);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After is either delta-seconds or an HTTP date. Returns ms from now, or undefined. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The moment a 429 stops applying: the later of Retry-After and X-RateLimit-Reset. */
function rateLimitEnd(headers: Headers, now: number): number {
  const after = parseRetryAfter(headers.get('Retry-After'), now);
  const resetHeader = headers.get('X-RateLimit-Reset');
  const reset = resetHeader && /^\d+$/.test(resetHeader.trim()) ? Number(resetHeader) * 1000 : undefined;
  const candidates = [after === undefined ? undefined : now + after, reset].filter(
    (x): x is number => x !== undefined,
  );
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

function requireText(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`hub-kit: ${what} is required.`);
  }
  return value;
}

export class HubClient {
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

  // The endpoint methods are async so that a missing argument rejects like every other
  // failure, rather than throwing before the caller holds a promise to catch.

  /** POST /api/subscribe/{form}: the form action URL. */
  async formSignup(form: string, body: SignupBody, options?: CallOptions): Promise<SubmitResponse> {
    return this.post('formSignup', { form: requireText(form, 'a form identifier') }, body, options);
  }

  /** POST /api/v1/tenants/{tenant}/subscribe */
  async subscribe(tenant: string, body: SignupBody, options?: CallOptions): Promise<SubmitResponse> {
    return this.post('subscribe', { tenant: requireText(tenant, 'a tenant slug') }, body, options);
  }

  /** POST /api/v1/tenants/{tenant}/magic-links/{resource}: "send me the guide". */
  async magicLink(tenant: string, resource: string, body: SignupBody, options?: CallOptions): Promise<SubmitResponse> {
    const params = {
      tenant: requireText(tenant, 'a tenant slug'),
      resource: requireText(resource, 'a resource identifier'),
    };
    return this.post('magicLink', params, body, options);
  }

  /** POST /api/v1/tenants/{tenant}/contact */
  async contact(tenant: string, body: ContactBody, options?: CallOptions): Promise<SubmitResponse> {
    requireText(body?.message, 'a message');
    return this.post('contact', { tenant: requireText(tenant, 'a tenant slug') }, body, options);
  }

  /** GET /api/v1/tenants/{tenant}/bio */
  async bio(tenant: string, options?: CallOptions): Promise<Bio> {
    return this.getData('bio', { tenant: requireText(tenant, 'a tenant slug') }, options);
  }

  /** GET /api/v1/tenants/{tenant}/resolve/{path} */
  async resolve(tenant: string, path: string, options?: CallOptions): Promise<Resolved> {
    const params = { tenant: requireText(tenant, 'a tenant slug'), path: typeof path === 'string' ? path : '' };
    return this.getData('resolve', params, options);
  }

  /** GET /api/v1/tenants/{tenant}/search-index; entries missing id, title or url are skipped. */
  async searchIndex(tenant: string, options?: CallOptions): Promise<SearchIndex> {
    return this.getData('searchIndex', { tenant: requireText(tenant, 'a tenant slug') }, options);
  }

  /** GET /api/v1/tenants/{tenant}/presence */
  async presence(tenant: string, options?: CallOptions): Promise<Presence> {
    return this.getData('presence', { tenant: requireText(tenant, 'a tenant slug') }, options);
  }

  /** A signup or contact POST, by endpoint name. Used by the outbox to replay a submission. */
  async post<N extends PostEndpoint>(
    name: N,
    params: EndpointParams[N],
    body: SignupBody | ContactBody,
    options: CallOptions = {},
  ): Promise<ResponseTypes[N]> {
    const email = requireText(body?.email, 'an email address');
    // The spam trap travels with every submission; a person leaves it empty.
    const payload = { ...body, website: body.website ?? '' };
    return this.#send(name, params, { body: payload, email, signal: options.signal }).then((result) => {
      if (result.status !== 'modified') throw new UnexpectedResponseError(304, 'Unexpected 304 to a POST.', undefined);
      return result.data;
    });
  }

  /** A GET with optional validators; answers `not-modified` on 304. Used by the cache. */
  get<N extends GetEndpoint>(
    name: N,
    params: EndpointParams[N],
    options: CallOptions & { validators?: Validators } = {},
  ): Promise<Conditional<ResponseTypes[N]>> {
    return this.#send(name, params, { validators: options.validators, signal: options.signal });
  }

  /** The absolute URL of an endpoint, e.g. for a form's `action`. */
  url<N extends EndpointName>(name: N, params: EndpointParams[N]): string {
    return this.baseUrl + ENDPOINTS[name].path(params);
  }

  private async getData<N extends GetEndpoint>(
    name: N,
    params: EndpointParams[N],
    options: CallOptions = {},
  ): Promise<ResponseTypes[N]> {
    const result = await this.get(name, params, options);
    if (result.status !== 'modified') throw new UnexpectedResponseError(304, 'Unexpected 304.', undefined);
    return result.data;
  }

  async #send<N extends EndpointName>(
    name: N,
    params: EndpointParams[N],
    request: { body?: unknown; email?: string; validators?: Validators; signal?: AbortSignal },
  ): Promise<Conditional<ResponseTypes[N]>> {
    const endpoint = ENDPOINTS[name];
    const url = this.url(name, params);
    const email = endpoint.takesEmail && request.email ? normalizeEmail(request.email) : undefined;
    let lastError: Error | undefined;

    for (let attempt = 1; attempt <= this.#attempts; attempt++) {
      // A browser that knows it is offline fails fast, without spending budget.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        throw new NetworkError('The browser is offline.');
      }
      const decision = await this.budget.take(endpoint.group, email);
      if (!decision.ok) throw rateLimited(decision.resetAt, Date.now(), false);

      let retryDelay: number | undefined;
      try {
        return await this.#attempt<N>(name, url, request);
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        lastError = error.cause;
        retryDelay = error.retryAfterMs;
      }
      if (attempt === this.#attempts) break;
      const backoff = this.#backoffMs * 2 ** (attempt - 1);
      // Equal jitter: half fixed, half random, so many visitors do not retry in step.
      const jittered = backoff / 2 + Math.random() * (backoff / 2);
      const delay = Math.max(jittered, retryDelay ?? 0);
      if (delay > this.#maxDelayMs) break;
      await sleep(delay, request.signal);
    }
    throw lastError ?? new NetworkError();
  }

  async #attempt<N extends EndpointName>(
    name: N,
    url: string,
    request: { body?: unknown; validators?: Validators; signal?: AbortSignal },
  ): Promise<Conditional<ResponseTypes[N]>> {
    const endpoint = ENDPOINTS[name];
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (request.validators?.etag) headers['If-None-Match'] = request.validators.etag;
    if (request.validators?.lastModified) headers['If-Modified-Since'] = request.validators.lastModified;

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.#timeoutMs);
    const onAbort = () => timeout.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });

    let response: Response;
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // Keyless by design: no cookies, no HTTP auth, nothing that identifies the visitor.
        credentials: 'omit',
        mode: 'cors',
        // The kit keeps its own cache with its own validators; the HTTP cache would hide 304s.
        cache: 'no-store',
        redirect: 'follow',
        signal: timeout.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      if (timeout.signal.aborted) throw new RetryableError(new TimeoutError(this.#timeoutMs));
      throw new RetryableError(new NetworkError(undefined, { cause: error }));
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }

    const now = Date.now();
    if (response.status === 304 && request.validators) return { status: 'not-modified' };

    const body = await readBody(response).catch(() => undefined);

    if (response.ok) {
      const parsed = RESPONSE_SCHEMAS[name].safeParse(unwrap(body ?? {}));
      if (!parsed.success) {
        throw new UnexpectedResponseError(response.status, `Unexpected response from ${endpoint.name}.`, body);
      }
      return {
        status: 'modified',
        data: parsed.data as ResponseTypes[N],
        validators: {
          etag: response.headers.get('ETag') ?? undefined,
          lastModified: response.headers.get('Last-Modified') ?? undefined,
        },
      };
    }

    if (response.status === 429) {
      const resetAt = rateLimitEnd(response.headers, now);
      await this.budget.close(endpoint.group, resetAt);
      throw rateLimited(resetAt, now, true, messageOf(body, 'Too Many Attempts.'));
    }

    if (response.status === 422) {
      const parsed = ValidationBody.safeParse(body);
      const fieldErrors = (parsed.success && parsed.data.errors) || {};
      throw new ValidationError(messageOf(body, 'The given data was invalid.'), fieldErrors);
    }

    const error = new HttpError(response.status, messageOf(body, `The service answered ${response.status}.`), body);
    if (RETRYABLE_STATUS.has(response.status)) {
      throw new RetryableError(error, parseRetryAfter(response.headers.get('Retry-After'), now));
    }
    throw error;
  }
}

/** Internal: wraps an error that the retry loop may try again. */
class RetryableError extends Error {
  override readonly cause: Error;
  readonly retryAfterMs: number | undefined;
  constructor(cause: Error, retryAfterMs?: number) {
    super(cause.message);
    this.cause = cause;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Creates a client for one service. */
export function createClient(options: ClientOptions): HubClient {
  return new HubClient(options);
}
