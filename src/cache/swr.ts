/**
 * Stale-while-revalidate over IndexedDB, with a memory layer in front.
 *
 * An element asks once and renders at once whenever any copy exists: a fresh copy costs
 * no request at all, a stale one is shown while the service is asked, and a failed check
 * leaves the stale copy in place, which is what keeps a page usable offline.
 *
 * Revalidation is left to the browser's HTTP cache (the transport asks with `cache:
 * 'no-cache'`, so the browser sends If-None-Match itself and reads a 304 as the copy it
 * holds): one request per stale read, where a script's own If-None-Match header would add
 * a CORS preflight to each.
 *
 * After a failed load the key backs off (the timing module's backoff with jitter): no request
 * for it for 5–10 s, then 10–20, 20–40… up to 10 minutes, whoever asks (a keystroke, a timer, another element); a load the visitor asks
 * for (`retry`) goes through. A success ends the backoff.
 */
import type { Conditional } from '../api/transport.js';
import { RateLimitedError } from '../api/errors.js';
import { backoff } from '../timing/backoff.js';
import { now as clock } from '../timing/clock.js';
import { openStore, type Backend } from './store.js';

export interface CacheEntry<T> {
  data: T;
  /** ms since the epoch when the service last confirmed this data. */
  storedAt: number;
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
   * when the data changed, undefined when it did not or could not be checked (offline, or
   * backing off). Undefined-resolving at once when no revalidation was started.
   */
  revalidated: Promise<SwrResult<T> | undefined>;
}

export interface SwrOptions {
  /** How long a stored copy is served without asking the service. */
  maxAgeMs: number;
  now?: () => number;
  /** The random part of the backoff after a failure (tests pin it). */
  random?: () => number;
  /** The visitor asked for it (a "Try again" button): load now, even while backing off. */
  retry?: boolean;
}

type Load<T> = () => Promise<Conditional<T>>;

interface Refreshed<T> {
  entry: CacheEntry<T>;
  changed: boolean;
}

const BACKOFF_FIRST_MS = 10_000;
const BACKOFF_MAX_MS = 10 * 60_000;

const store = openStore('hub-kit', 'cache');
/** Every copy this page has seen; IndexedDB is read only on a miss or a stale copy. */
const memory = new Map<string, CacheEntry<unknown>>();
/** One request per key at a time, whoever asked: two elements on a page share it. */
const inFlight = new Map<string, Promise<Refreshed<unknown>>>();
/** Keys whose last load failed: how many times in a row, until when to wait, and why. */
const failures = new Map<string, { count: number; until: number; error: unknown }>();

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
  // And another caller on this page may have loaded it while IndexedDB answered.
  const current = memory.get(key) as CacheEntry<T> | undefined;
  const newest = stored && (!current || stored.storedAt > current.storedAt) ? stored : current;
  if (newest) memory.set(key, newest);
  return newest;
}

function write<T>(key: string, entry: CacheEntry<T>): void {
  memory.set(key, entry);
  // Losing the durable copy only costs a request after a reload; never fail the caller.
  void store.set(key, entry).catch(() => undefined);
}

/**
 * Whether two copies hold the same data. A search index may be kept as the body's bytes or
 * as a Blob, which JSON would write as `{}` whatever they hold: bytes are compared as
 * bytes, by IndexedDB's own comparison of binary keys (native, where a loop over 18 MB of a
 * big index's bytes would hold the page up; without IndexedDB they count as changed); a
 * Blob is the same only as itself (its bytes cannot be read at once), so a copy read again
 * counts as changed and is built again.
 */
const isBytes = (data: unknown) => data instanceof ArrayBuffer || (typeof Blob === 'function' && data instanceof Blob);
const same = (a: unknown, b: unknown): boolean =>
  a === b || (isBytes(a) || isBytes(b) ? a instanceof ArrayBuffer && b instanceof ArrayBuffer && globalThis.indexedDB?.cmp(a, b) === 0 : JSON.stringify(a) === JSON.stringify(b));

function refresh<T>(key: string, load: Load<T>, base: CacheEntry<T> | undefined, options: SwrOptions, now: () => number) {
  let request = inFlight.get(key) as Promise<Refreshed<T>> | undefined;
  if (request) return request;
  const failed = failures.get(key);
  // Backing off: the last answer stands, and nothing is sent.
  if (failed && now() < failed.until && !options.retry) return Promise.reject(failed.error);
  request = load()
    .then(
      (answer): Refreshed<T> => {
        failures.delete(key);
        const data = answer.status === 'modified' ? answer.data : base!.data;
        // The HTTP cache answers a 304 as a 200 with the same body; comparing spares the
        // elements a re-render when nothing changed, and keeps the copy they already hold
        // (the same object), so a later read of it is seen as nothing new.
        const changed = !base || !same(base.data, data);
        const entry = { data: changed ? data : base.data, storedAt: now() };
        write(key, entry);
        return { entry, changed };
      },
      (error: unknown) => {
        // A spent budget already says when to ask again; anything else backs off.
        if (!(error instanceof RateLimitedError)) {
          const count = (failed?.count ?? 0) + 1;
          failures.set(key, { count, until: now() + backoff(count, BACKOFF_FIRST_MS, BACKOFF_MAX_MS, options.random), error });
        }
        throw error;
      },
    )
    .finally(() => inFlight.delete(key));
  inFlight.set(key, request as Promise<Refreshed<unknown>>);
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
 * revalidated in the background. Nothing stored: fetched (one request in flight per key,
 * shared by every caller); its error is thrown, and while the key backs off the same error
 * is thrown again without a request.
 */
export async function swr<T>(key: string, load: Load<T>, options: SwrOptions): Promise<SwrResult<T>> {
  const now = options.now ?? clock;
  const isFresh = (entry: CacheEntry<T>) => now() - entry.storedAt < options.maxAgeMs;
  const entry = await read<T>(key, isFresh);

  if (entry && isFresh(entry)) return result(entry, true, 'cache');

  if (entry) {
    const revalidated = refresh(key, load, entry, options, now).then(
      ({ entry: renewed, changed }) => (changed ? result(renewed, true, 'network') : undefined),
      // Offline, rate limited, a 5xx, backing off: the stale copy stays and is still the answer.
      () => undefined,
    );
    return result(entry, false, 'cache', revalidated);
  }

  const { entry: loaded } = await refresh(key, load, undefined, options, now);
  return result(loaded, true, 'network');
}
