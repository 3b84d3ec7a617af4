/**
 * How a call to the authenticated API fails. The classes are the kit's own (src/api/errors.ts),
 * so `instanceof` means the same for `hub-kit/client` and `hub-kit/server`; the one this API
 * adds is UnauthenticatedError. No message, field or `cause` ever holds the API key.
 *
 * - HubError: the base class of every error the kit throws.
 * - ConfigError: a bad option, such as an http:// base URL or no key.
 * - HttpError: an answer with a status (`status`, `body`), the base of the next three.
 * - RateLimitedError (429): still limited after the client's own waits and retries;
 *   `retryAfter` (s), `resetAt`, `body`.
 * - ValidationError (422): `fieldErrors` maps a field (`since`, `subscribers.3.email`) to its
 *   messages; `body`.
 * - UnexpectedResponseError: a 2xx whose body is not what the endpoint sends.
 * - NetworkError: no answer, or none within the timeout.
 */
import { HttpError } from '../api/errors.js';

export {
  ConfigError,
  HttpError,
  HubError,
  NetworkError,
  RateLimitedError,
  UnexpectedResponseError,
  ValidationError,
} from '../api/errors.js';

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
