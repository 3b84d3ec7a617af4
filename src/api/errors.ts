/**
 * Every way a call to the service can fail, one class each, so that an element can
 * show the right state and read typed fields instead of parsing text.
 *
 * `instanceof` holds only within one copy of the kit: a page with the script-tag bundle and
 * an npm build has two `HubError` classes. `isHubError` reads a brand that every copy
 * sets, and `name`, which each class sets to its own name, so it holds across copies.
 */

const BRAND = Symbol.for('hub-kit.error');

/** Base class of every error the kit throws. */
export class HubError extends Error {
  override name = 'HubError';
  readonly [BRAND] = true;
}

/**
 * Whether `value` is an error of any copy of the kit; with `name`, one of that class
 * (`isHubError(error, 'RateLimitedError')`). Every answer with a status (HttpError and the
 * classes built on it) has a numeric `status`.
 */
export function isHubError(value: unknown, name?: string): value is HubError & { status?: number; body?: unknown } {
  return !!value && (value as Partial<Record<symbol, unknown>>)[BRAND] === true && (!name || (value as Error).name === name);
}

/**
 * Thrown for a bad option, such as a base URL that is not https. A programming error
 * in the page, not a service failure: shown to the developer, never retried.
 */
export class ConfigError extends HubError {
  override name = 'ConfigError';
}

/**
 * The allowance is spent. Either the service answered 429, or the client's own budget knew
 * the service would and sent nothing (`sent` is false). Either way the same fields say how
 * long to wait, so an element can show a countdown.
 */
export class RateLimitedError extends HubError {
  override name = 'RateLimitedError';
  readonly status = 429;
  /** Whole seconds to wait before trying again. */
  readonly retryAfter: number;
  /** When a retry is possible. */
  readonly resetAt: Date;
  /** False when the budget stopped the request before it left the browser. */
  readonly sent: boolean;
  /** The 429's body, when the service sent one. */
  readonly body: unknown;
  constructor(retryAfter: number, resetAt: Date, sent: boolean, message = 'Too Many Attempts.', body?: unknown) {
    super(message);
    this.retryAfter = retryAfter;
    this.resetAt = resetAt;
    this.sent = sent;
    this.body = body;
  }
}

/**
 * An answer with a status the caller did not want, and its body: the base of every error
 * that is the service's (or a proxy's) answer. Thrown as itself for any status no subclass
 * covers: 404 for an unknown tenant, another 4xx, a 5xx after retries ran out.
 */
export class HttpError extends HubError {
  override name = 'HttpError';
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * The service rejected the input (422). `fieldErrors` maps a field name to its messages,
 * so each can be shown beside its field; `message` is the form-level summary.
 */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
  declare readonly status: 422;
  readonly fieldErrors: Record<string, string[]>;
  constructor(message: string, fieldErrors: Record<string, string[]>, body?: unknown) {
    super(422, message, body);
    this.fieldErrors = fieldErrors;
  }
}

/**
 * The request got no answer: refused, DNS, CORS, a connection dropped. A script cannot tell
 * which, so for a POST it may or may not have arrived (see UnconfirmedError).
 */
export class NetworkError extends HubError {
  override name = 'NetworkError';
  constructor(message = 'The service could not be reached.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The browser says it is offline (`navigator.onLine` is false): nothing was sent. */
export class OfflineError extends NetworkError {
  override name = 'OfflineError';
  constructor() {
    super('The browser is offline.');
  }
}

/** No answer arrived within the timeout. Every request has one. */
export class TimeoutError extends HubError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`The service did not answer within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A 2xx body that does not match its schema: the service changed, or something between
 * us and it answered instead (a captive portal, a proxy's HTML page).
 */
export class UnexpectedResponseError extends HttpError {
  override name = 'UnexpectedResponseError';
}

/**
 * The service answered a POST with a redirect, which the kit never follows: following it
 * would turn the POST into a body-less GET, or carry the body to another origin or over
 * plain http. Nothing was accepted; the base URL is likely out of date. `status` is 0 when
 * the browser hides a cross-origin redirect's status.
 */
export class RedirectError extends HttpError {
  override name = 'RedirectError';
}

/**
 * A submission may or may not have arrived: the request left, but no answer came (a
 * timeout, a connection dropped, a gateway that gave up). It is not sent again without the
 * visitor knowing. `cause` is the last error.
 */
export class UnconfirmedError extends HubError {
  override name = 'UnconfirmedError';
  constructor(cause: Error) {
    super('The service did not confirm that the submission arrived.', { cause });
  }
}

const logged = new Set<string>();

/** Developer details go to the console, once per message, never to the visitor. */
export function logOnce(error: Error): void {
  if (logged.has(error.message)) return;
  logged.add(error.message);
  console.error(error);
}
