/**
 * Every way a call to the service can fail, one class each, so that an element can
 * show the right state with `instanceof` and read typed fields instead of parsing text.
 */

/** Base class of every error the kit throws. */
export class HubError extends Error {
  override name = 'HubError';
}

/**
 * Thrown for a bad option, such as a base URL that is not https. A programming error
 * in the page, not a service failure: shown to the developer, never retried.
 */
export class ConfigError extends HubError {
  override name = 'ConfigError';
}

/**
 * The visitor's allowance is spent. Either the service answered 429, or the client's own
 * budget knew the service would and sent nothing (`sent` is false). Either way the same
 * fields say how long to wait, so an element can show a countdown.
 */
export class RateLimitedError extends HubError {
  override name = 'RateLimitedError';
  /** Whole seconds to wait before trying again. */
  readonly retryAfter: number;
  /** When a retry is possible. */
  readonly resetAt: Date;
  /** False when the budget stopped the request before it left the browser. */
  readonly sent: boolean;
  constructor(retryAfter: number, resetAt: Date, sent: boolean, message = 'Too Many Attempts.') {
    super(message);
    this.retryAfter = retryAfter;
    this.resetAt = resetAt;
    this.sent = sent;
  }
}

/**
 * The service rejected the input (422). `fieldErrors` maps a field name to its messages,
 * so each can be shown beside its field; `message` is the form-level summary.
 */
export class ValidationError extends HubError {
  override name = 'ValidationError';
  readonly status = 422;
  readonly fieldErrors: Record<string, string[]>;
  constructor(message: string, fieldErrors: Record<string, string[]>) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

/** The request never got an answer: offline, DNS, refused, CORS. Retried, then queued. */
export class NetworkError extends HubError {
  override name = 'NetworkError';
  constructor(message = 'The service could not be reached.', options?: { cause?: unknown }) {
    super(message, options);
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

/** Any other non-2xx status: 404 for an unknown tenant, 5xx after retries ran out. */
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
 * A 2xx body that does not match its schema: the service changed, or something between
 * us and it answered instead (a captive portal, a proxy's HTML page).
 */
export class UnexpectedResponseError extends HubError {
  override name = 'UnexpectedResponseError';
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}
