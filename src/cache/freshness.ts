/**
 * How long each public GET is served from the cache without asking the service, and the
 * one way elements read through the cache.
 */
import { GETTERS, type Getter } from '../api/calls.js';
import type { EndpointParams } from '../api/endpoints.js';
import type { ResponseTypes } from '../api/schema.js';
import type { Conditional, GetEndpoint, Transport } from '../api/transport.js';
import { cacheKey, swr, type SwrResult } from './swr.js';

const MINUTE = 60_000;

export const FRESHNESS_MS: { readonly [N in GetEndpoint]: number } = {
  searchIndex: 5 * MINUTE,
  // Presence is "who is here now": older than half a minute it tells the visitor little.
  presence: 30_000,
  bio: 5 * MINUTE,
  // The spec gives none. A path's target changes about as rarely as the page data it
  // shares a rate group with, so it gets bio's freshness; a moved page is followed within
  // five minutes, and a page that resolves many links stays far under 60 per minute.
  resolve: 5 * MINUTE,
};

export interface CachedGetOptions {
  /** Overrides the endpoint's freshness. */
  maxAgeMs?: number;
  now?: () => number;
  /** The random part of the backoff after a failure (tests pin it). */
  random?: () => number;
  /** The visitor asked for it: load now, even while the endpoint backs off after a failure. */
  retry?: boolean;
}

/**
 * A public GET through the cache, keyed by the client's base URL, the tenant and the
 * endpoint (and the path, for resolve). Throws the client's errors only when nothing is
 * cached; with a copy in hand, failures leave it as the answer.
 */
export function cachedGet<N extends GetEndpoint>(
  client: Transport,
  name: N,
  params: EndpointParams[N],
  options: CachedGetOptions = {},
): Promise<SwrResult<ResponseTypes[N]>> {
  return cachedCall(client, name, GETTERS[name] as Getter<N>, params, options);
}

/**
 * `cachedGet` with the endpoint's function given, so that a bundle holds only the schemas
 * of the endpoints it reads (or reads the body its own way: the search index's bytes).
 */
export function cachedCall<N extends GetEndpoint, T = ResponseTypes[N]>(
  client: Transport,
  name: N,
  get: (client: Transport, params: EndpointParams[N]) => Promise<Conditional<T>>,
  params: EndpointParams[N],
  options: CachedGetOptions = {},
): Promise<SwrResult<T>> {
  const path = 'path' in params ? params.path : undefined;
  const key = cacheKey(client.baseUrl, params.tenant, name, path);
  return swr(key, () => get(client, params), { ...options, maxAgeMs: options.maxAgeMs ?? FRESHNESS_MS[name] });
}
