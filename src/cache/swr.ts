/**
 * Stale-while-revalidate over IndexedDB, with a memory layer in front.
 *
 * An element asks once and renders at once whenever any copy exists: a fresh copy costs
 * no request at all, a stale one is shown while the service is asked (with its validators,
 * so an unchanged answer is a bodiless 304), and a failed check leaves the stale copy in
 * place, which is what keeps a page usable offline.
 */
import type { Conditional, Validators } from '../api/transport.js';
import { openStore, type Backend } from './store.js';

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

type Load<T> = (validators: Validators | undefined) => Promise<Conditional<T>>;

interface Refreshed<T> {
  entry: CacheEntry<T>;
  changed: boolean;
}

const store = openStore('hub-kit', 'cache');
/** Every copy this page has seen; IndexedDB is read only on a miss or a stale copy. */
const memory = new Map<string, CacheEntry<unknown>>();
/** One request per key at a time, whoever asked: two elements on a page share it. */
const inFlight = new Map<string, Promise<Refreshed<unknown>>>();

const NOTHING = Promise.resolve(undefined);

/** Cache key: base URL, tenant and endpoint (and a path, for resolve). */
export function cacheKey(baseUrl: string, tenant: string, endpoint: string, extra?: string): string {
  return ['hub-kit', baseUrl, tenant, endpoint, extra].filter((part) => part !== undefined).join('|');
}

/** Where cached copies live on this page: 'memory' where the browser refuses IndexedDB. */
export function cacheBackend(): Promise<Backend> {
  return store.backend();
}

async function read<T>(key: string, isFresh: (entry: CacheEntry<T>) => boolean): Promise<CacheEntry<T> | undefined> {
  const held = memory.get(key) as CacheEntry<T> | undefined;
  if (held && isFresh(held)) return held;
  // Another tab may have refreshed it since this page read it.
  const stored = await store.get<CacheEntry<T>>(key).catch(() => undefined);
  const newest = stored && (!held || stored.storedAt > held.storedAt) ? stored : held;
  if (newest) memory.set(key, newest);
  return newest;
}

function write<T>(key: string, entry: CacheEntry<T>): void {
  memory.set(key, entry);
  // Losing the durable copy only costs a request after a reload; never fail the caller.
  void store.set(key, entry).catch(() => undefined);
}

function refresh<T>(key: string, load: Load<T>, base: CacheEntry<T> | undefined, now: () => number) {
  let request = inFlight.get(key) as Promise<Refreshed<T>> | undefined;
  if (!request) {
    const hasValidators = !!(base && (base.validators.etag || base.validators.lastModified));
    request = load(hasValidators ? base!.validators : undefined)
      .then((answer): Refreshed<T> => {
        if (answer.status === 'not-modified') {
          // A 304 without a copy to renew cannot happen: validators are only sent with one.
          const entry = { ...base!, storedAt: now() };
          write(key, entry);
          return { entry, changed: false };
        }
        const entry = { data: answer.data, storedAt: now(), validators: answer.validators };
        write(key, entry);
        // Without validators the service answers 200 every time; comparing spares the
        // elements a re-render when nothing changed.
        const changed = !base || JSON.stringify(base.data) !== JSON.stringify(answer.data);
        return { entry, changed };
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request as Promise<Refreshed<unknown>>);
  }
  return request;
}

function result<T>(
  entry: CacheEntry<T>,
  fresh: boolean,
  source: SwrResult<T>['source'],
  revalidated: SwrResult<T>['revalidated'] = NOTHING,
): SwrResult<T> {
  return { data: entry.data, storedAt: entry.storedAt, fresh, source, revalidated };
}

/**
 * Stale-while-revalidate. Fresh copy: served, nothing sent. Stale copy: served at once and
 * revalidated in the background with its validators. Nothing stored: fetched (one request
 * in flight per key, shared by every caller); its error is thrown.
 */
export async function swr<T>(key: string, load: Load<T>, options: SwrOptions): Promise<SwrResult<T>> {
  const now = options.now ?? Date.now;
  const isFresh = (entry: CacheEntry<T>) => now() - entry.storedAt < options.maxAgeMs;
  const entry = await read<T>(key, isFresh);

  if (entry && isFresh(entry)) return result(entry, true, 'cache');

  if (entry) {
    const revalidated = refresh(key, load, entry, now).then(
      ({ entry: renewed, changed }) => (changed ? result(renewed, true, 'network') : undefined),
      // Offline, rate limited, a 5xx: the stale copy stays and is still the answer.
      () => undefined,
    );
    return result(entry, false, 'cache', revalidated);
  }

  const { entry: loaded } = await refresh(key, load, undefined, now);
  return result(loaded, true, 'network');
}
