import { ConfigError } from './errors.js';

// Loopback hosts are where the stand-in and local development run; everything else must be https.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks and normalizes a service base URL: absolute (a relative one is read against the
 * page), https unless loopback, no query or fragment, no trailing slash. A path prefix is
 * kept, so a service mounted under `/hub` works.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw new ConfigError('hub-kit: a base URL is required, for example "https://example.com".');
  }
  let url: URL;
  try {
    url = new URL(baseUrl.trim(), globalThis.location?.href);
  } catch {
    throw new ConfigError(`hub-kit: "${baseUrl}" is not a valid base URL.`);
  }
  const secure = url.protocol === 'https:';
  const localPlain = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (!secure && !localPlain) {
    // The URL as given, not its origin: a javascript: or data: URL has the origin "null".
    throw new ConfigError(
      `hub-kit: the base URL "${baseUrl.trim()}" must use https:// ` +
        '(plain http is allowed only for localhost and 127.0.0.1).',
    );
  }
  if (url.username || url.password) {
    throw new ConfigError('hub-kit: the base URL must not contain credentials.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
