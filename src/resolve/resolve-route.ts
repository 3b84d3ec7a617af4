/**
 * Resolve for Hub pages: a page that asks the service what its own path is, and shows a
 * post, a page or a resource, follows a redirect, or says "not found".
 *
 * The answer goes through the cache (bio's freshness, and bio's rate group), so a visitor
 * clicking around a Hub asks the service about each path at most once in five minutes.
 * The redirect target is untrusted like every payload: only http(s) is followed.
 */
import type { HubClient } from '../api/hub-client.js';
import { HttpError } from '../api/errors.js';
import type { Resolved } from '../api/schema.js';
import { cachedGet } from '../cache/freshness.js';
import { WEB_SCHEMES, safeUrl } from '../url/safe-url.js';

export type HubRoute =
  | { kind: 'redirect'; url: string; title?: string }
  | { kind: 'post' | 'page' | 'resource'; title: string; url?: string; data: Resolved }
  /** A type this kit does not know yet: shown by the page as it sees fit. */
  | { kind: 'other'; type: string; title: string; url?: string; data: Resolved }
  | { kind: 'not-found'; path: string };

const KNOWN = new Set(['post', 'page', 'resource']);

/**
 * The Hub path of a location: `/hub/posts/x` under prefix `/hub` is `posts/x`. An empty
 * string is the Hub's home page.
 */
export function hubPath(pathname: string, prefix = '/hub'): string {
  const clean = prefix.replace(/\/+$/, '');
  const rest = pathname.startsWith(clean + '/') || pathname === clean ? pathname.slice(clean.length) : pathname;
  let path = rest.replace(/^\/+|\/+$/g, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is left as it is: the service answers "not found" for it.
  }
  return path;
}

/** Asks the service what `path` is. Network and rate-limit errors are thrown to the caller. */
export async function resolveRoute(client: HubClient, tenant: string, path: string): Promise<HubRoute> {
  const clean = path.replace(/^\/+|\/+$/g, '');
  let data: Resolved;
  try {
    data = (await cachedGet(client, 'resolve', { tenant, path: clean })).data;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 410)) {
      return { kind: 'not-found', path: clean };
    }
    throw error;
  }
  const url = safeUrl(data.url, WEB_SCHEMES);
  const title = data.title?.trim() || clean;
  const type = data.type.trim().toLowerCase();
  if (type === 'redirect') {
    // A redirect nobody can safely follow is, for the visitor, a page that is not there.
    return url ? { kind: 'redirect', url, ...(data.title ? { title: data.title } : {}) } : { kind: 'not-found', path: clean };
  }
  const base = { title, data, ...(url ? { url } : {}) };
  if (KNOWN.has(type)) return { kind: type as 'post' | 'page' | 'resource', ...base };
  return { kind: 'other', type: data.type, ...base };
}
