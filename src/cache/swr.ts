/**
 * CONTRACT STUB — to be replaced by the real implementation (idb-keyval, memory fallback,
 * one request in flight per key, background revalidation with validators).
 */
import type { Conditional, Validators } from '../api/client.js';

export interface CacheEntry<T> {
  data: T;
  /** ms since the epoch when the service last confirmed this data (200 or 304). */
  storedAt: number;
  validators: Validators;
}

export interface SwrResult<T> {
  data: T;
  storedAt: number;
  /** True when served within freshness, or straight from the network. */
  fresh: boolean;
  /** 'network' when this call fetched it; 'cache' when it came from memory or IndexedDB. */
  source: 'network' | 'cache';
  /**
   * Settles when the background revalidation started by this call is done: the new result
   * when the data changed, undefined when it did not (304, same data) or could not be
   * checked (offline). Undefined-resolving at once when no revalidation was started.
   */
  revalidated: Promise<SwrResult<T> | undefined>;
}

export interface SwrOptions {
  /** How long a stored copy is served without asking the service. */
  maxAgeMs: number;
  now?: () => number;
}

/** Cache key: base URL, tenant and endpoint (and a path, for resolve). */
export function cacheKey(baseUrl: string, tenant: string, endpoint: string, extra?: string): string {
  return ['hub-kit', baseUrl, tenant, endpoint, extra].filter((part) => part !== undefined).join('|');
}

/**
 * Stale-while-revalidate. Fresh copy: served, nothing sent. Stale copy: served at once and
 * revalidated in the background with its validators. Nothing stored: fetched (one request
 * in flight per key, shared by every caller); its error is thrown.
 */
export async function swr<T>(
  key: string,
  load: (validators: Validators | undefined) => Promise<Conditional<T>>,
  options: SwrOptions,
): Promise<SwrResult<T>> {
  void key;
  void options;
  const result = await load(undefined);
  if (result.status !== 'modified') throw new Error('unreachable');
  return {
    data: result.data,
    storedAt: Date.now(),
    fresh: true,
    source: 'network',
    revalidated: Promise.resolve(undefined),
  };
}
