/**
 * How a call to the authenticated API fails, one class each, with the status and body of
 * the answer where there was one. No message, field or `cause` ever holds the API key.
 */

/** Base class of every error `hub-kit/server` throws. */
export class HubApiError extends Error {
  override name = 'HubApiError';
}

/** A bad option, such as an http:// base URL or no key: a mistake in the caller's code or setup. */
export class ConfigError extends HubApiError {
  override name = 'ConfigError';
}

/** An answer with a status: what every HTTP failure below shares. */
export class HttpError extends HubApiError {
  override name = 'HttpError';
  readonly status: number;
  /** The parsed JSON body, the text when it is not JSON, or undefined when empty. */
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * 401: the key is missing, expired or deleted (the service does not say which). A lost or
 * expired key cannot be brought back: the remedy is a new key.
 */
export class UnauthenticatedError extends HttpError {
  override name = 'UnauthenticatedError';
  constructor(body: unknown) {
    super(
      401,
      'The service refused the API key (401 Unauthenticated.): it is missing, expired or deleted. ' +
        'Create a new key in the dashboard under Settings → API keys.',
      body,
    );
  }
}

/**
 * 429, after the client's own waits and retries ran out. `retryAfter` is in seconds,
 * `resetAt` when the service said a retry is possible.
 */
export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';
  readonly retryAfter: number;
  readonly resetAt: Date;
  constructor(retryAfter: number, resetAt: Date, body: unknown) {
    super(429, `The service's rate limit for this key was reached; retry in ${retryAfter} s.`, body);
    this.retryAfter = retryAfter;
    this.resetAt = resetAt;
  }
}

/** 422: `fieldErrors` maps a field (`since`, `subscribers.3.email`) to its messages. */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
  readonly fieldErrors: Record<string, string[]>;
  constructor(message: string, fieldErrors: Record<string, string[]>, body: unknown) {
    super(422, message, body);
    this.fieldErrors = fieldErrors;
  }
}

/** A 2xx whose body is not what the endpoint sends (a proxy's page, a changed service). */
export class UnexpectedResponseError extends HttpError {
  override name = 'UnexpectedResponseError';
}

/** No answer: the service could not be reached, or did not answer within the timeout. */
export class NetworkError extends HubApiError {
  override name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
