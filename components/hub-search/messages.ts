/**
 * What a visitor reads when the index could not be loaded: what it means for them, in words.
 * The details go to the console (`logOnce`), for the site's developer.
 */
import { ConfigError, HttpError, RateLimitedError } from '../../src/api/errors.js';

export function errorText(error: Error): string {
  if (error instanceof ConfigError) return 'Search is not set up correctly on this page.';
  if (error instanceof RateLimitedError) return `Search is busy. Try again in ${error.retryAfter} s.`;
  if (error instanceof HttpError && error.status === 404) return 'This search could not be found.';
  return 'Search could not be loaded.';
}
