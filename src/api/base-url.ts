/**
 * The one rule for a service's address, in the browser client, `hub-kit/server` and the
 * `hub-kit` command: https, or plain http to this machine only; no user or password; a path
 * prefix kept (a service mounted under `/hub`), without a trailing slash. Each caller words
 * the refusal for the person who reads it.
 */
import { ConfigError } from './errors.js';

/**
 * This machine, where the stand-in and local development run: the hosts a browser itself
 * treats as loopback (localhost, 127.0.0.0/8, [::1]). Matched on the parsed URL, whose host
 * is lowercase and whose IPv4 forms (`127.1`, `0x7f.0.0.1`) are written out by then.
 */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** What a caller says when it refuses an address; `value` is the address as given, trimmed. */
export interface BaseUrlWords {
  missing: string;
  invalid(value: string): string;
  insecure(value: string): string;
  credentials: string;
  /** A query or fragment is refused with these words; without them, it is dropped. */
  query?: string;
}

/**
 * The address `value` as the client uses it, read against `relativeTo` when relative;
 * throws ConfigError with the caller's `words` when the rule refuses it.
 */
export function checkBaseUrl(value: unknown, words: BaseUrlWords, relativeTo?: string): string {
  const given = typeof value === 'string' ? value.trim() : '';
  if (!given) throw new ConfigError(words.missing);
  let url: URL;
  try {
    url = new URL(given, relativeTo);
  } catch {
    throw new ConfigError(words.invalid(given));
  }
  // The address as given, never its origin: a javascript: or data: URL has the origin "null".
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) throw new ConfigError(words.insecure(given));
  if (url.username || url.password) throw new ConfigError(words.credentials);
  if (words.query && (url.search || url.hash)) throw new ConfigError(words.query);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

const BROWSER: BaseUrlWords = {
  missing: 'hub-kit: a base URL is required, for example "https://example.com".',
  invalid: (value) => `hub-kit: "${value}" is not a valid base URL.`,
  insecure: (value) => `hub-kit: the base URL "${value}" must use https:// (plain http only to this machine).`,
  credentials: 'hub-kit: the base URL must not contain credentials.',
};

/**
 * A base URL for the browser client: a relative one is read against the page, as a form's
 * action would be, and a query or fragment is dropped. Throws ConfigError.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  return checkBaseUrl(baseUrl, BROWSER, globalThis.location?.href);
}
