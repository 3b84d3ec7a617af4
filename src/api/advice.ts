/**
 * What an error means for the person in front of the page: one kind of advice per error,
 * decided here and nowhere else. The words for each kind are the elements' own (the forms'
 * are in components/shared/strings.ts, under the same names).
 *
 * It reads errors by brand and name (`isHubError`), so an error of another copy of the kit
 * on the page (an outbox event, an npm build beside the script tag) is read the same way.
 */
import { isHubError } from './errors.js';

export type AdviceKind =
  /** Nothing the visitor can fix: a bad option, a redirect, an answer of the wrong kind. */
  | 'config'
  /** 404: no such form, tenant or page. A form shows the service's `message` when it gave one, as for any 4xx. */
  | 'notFound'
  /** Too many attempts: wait (the error's `retryAfter`). */
  | 'rateLimited'
  /** The service refused the input (422): its `fieldErrors` go beside their fields. */
  | 'invalid'
  /** It may or may not have arrived: the visitor decides whether to send it again. */
  | 'unconfirmed'
  /** The browser is offline. */
  | 'offline'
  /** No answer to a read: the service or the network is down. */
  | 'unreachable'
  /** Another 4xx: sending the same again will not help. Its own line per status, or `refused`. */
  | 'badRequest'
  | 'forbidden'
  | 'tooLarge'
  | 'refused'
  /** 5xx, a 408, a body that is not the service's, anything else: try again later. */
  | 'error';

export interface Advice {
  kind: AdviceKind;
  /** The service's own `message`, when its answer had one: the best advice for a 4xx or a 422. */
  said?: string | undefined;
}

/** The kind of every error class without a status of its own, and of the statuses a class does not say. */
const KINDS: Record<string | number, AdviceKind> = {
  RateLimitedError: 'rateLimited',
  ValidationError: 'invalid',
  UnconfirmedError: 'unconfirmed',
  OfflineError: 'offline',
  NetworkError: 'unreachable',
  TimeoutError: 'unreachable',
  ConfigError: 'config',
  RedirectError: 'config',
  400: 'badRequest',
  403: 'forbidden',
  404: 'notFound',
  408: 'error',
  413: 'tooLarge',
};

export function adviceFor(error: unknown): Advice {
  if (!isHubError(error)) return { kind: 'error' };
  const status = error.status ?? 0;
  const said = (error.body as { message?: unknown } | null | undefined)?.message;
  return {
    // Any other 4xx is a refusal; anything else (a 5xx, a 2xx that is not the service's) an error.
    kind: KINDS[error.name] ?? KINDS[status] ?? (status > 399 && status < 500 ? 'refused' : 'error'),
    said: typeof said === 'string' && said.trim() ? said.trim() : undefined,
  };
}
