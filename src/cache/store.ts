/**
 * A small key-value store over idb-keyval that falls back to memory, shared by the cache,
 * the outbox and the rate budgets.
 *
 * Why a fallback at all: some browsers refuse IndexedDB outright. Older Firefox private
 * windows expose `indexedDB` but fail every `open()` with InvalidStateError; some embedded
 * webviews and hardened profiles remove `indexedDB` entirely; a full disk fails writes.
 * The elements must still work there, just without surviving a reload.
 *
 * And a limit on waiting: IndexedDB can stall without failing. A transaction left open by
 * another page (WebKit keeps one alive in a page it suspends or caches for Back) holds up
 * every later transaction on that store, in every tab, for minutes. Past WAIT_MS the store
 * stops waiting and works from memory for the rest of the page; a write it gave up on is
 * aborted, so it cannot land later behind the copy kept in memory.
 *
 * A store opened with `mirrored` keeps in memory what it last read or wrote of each key, so
 * that memory goes on from there: the rate budgets, whose counts started again from nothing
 * when a loaded WebKit stalled amid 70 calls at once, and let a second allowance through
 * (the service answered 10 of them 429); and the outbox, for the entries this page wrote or
 * read one by one (a list read whole is not kept: what an earlier page left waits in
 * IndexedDB for the next page). The cache is not mirrored: a miss costs a request, and its
 * values can be large.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';

export type Backend = 'indexeddb' | 'memory';

export interface Store {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * Reads, changes and writes one value in a single readwrite transaction, which IndexedDB
   * runs alone among every tab and process of the origin: what `change` read is still the
   * stored value when its result is written (`undefined` deletes it). Resolves when that is
   * committed.
   */
  update<T>(key: string, change: (value: T | undefined) => T | undefined): Promise<void>;
  entries<T>(): Promise<Array<[string, T]>>;
  /** Where values live: decided on first use, and 'memory' from the first failure or stall on. */
  backend(): Promise<Backend>;
}

/** Far beyond what an IndexedDB call takes, even queued behind a dozen busy tabs. */
export const WAIT_MS = 4000;

class Stalled extends Error {}

/**
 * Runs `op` on `store`, tracking the transactions it opens. Past WAIT_MS it aborts them and
 * rejects, unless one is already committing: that one will finish, so it is waited for.
 */
function bounded<R>(store: UseStore, op: (store: UseStore) => Promise<R>): Promise<R> {
  const opened: IDBTransaction[] = [];
  let late = false;
  const tracked: UseStore = (mode, callback) =>
    store(mode, (objects) => {
      // The database opened after the store gave up: start nothing.
      if (late) {
        objects.transaction.abort();
        throw new Stalled();
      }
      opened.push(objects.transaction);
      return callback(objects);
    });
  return new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => {
      late = true;
      try {
        for (const tx of opened) tx.abort();
        reject(new Stalled());
      } catch {
        // InvalidStateError: it is committing, and its answer is on the way.
      }
    }, WAIT_MS);
    op(tracked)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/*
 * Reads and writes go straight to the object store that idb-keyval's `createStore` hands
 * over, rather than through its `get`, `set` and `entries`: each of those defaults its store
 * argument to a database of its own ("keyval-store"), code that every bundle would carry
 * unused (and `entries` a cursor walk for browsers without `getAll`, which all three have).
 */

/** One read of the store's objects, in a read-only transaction. */
const read = <T>(store: UseStore, request: (objects: IDBObjectStore) => IDBRequest) =>
  store('readonly', (objects) => promisifyRequest<T>(request(objects)));

export function openStore(dbName: string, storeName: string, mirrored = false): Store {
  const memory = new Map<string, unknown>();
  /** Keeps in memory what IndexedDB holds for `key`, for a store that mirrors. */
  const keep = (key: string, value: unknown) => {
    if (!mirrored) return;
    if (value === undefined) memory.delete(key);
    else memory.set(key, value);
  };
  let idb: Promise<UseStore | undefined> | undefined;

  // Decided lazily, so importing the module costs nothing, and once, so a browser that
  // refuses IndexedDB is not asked again on every read.
  const useIdb = () =>
    (idb ??= (async () => {
      try {
        if (typeof indexedDB === 'undefined' || !indexedDB) return undefined;
        const store = createStore(dbName, storeName);
        // idb-keyval opens the database on first use: this probe is where a refusing
        // browser rejects (or throws synchronously, in some versions).
        await bounded(store, (s) => read(s, (objects) => objects.get('')));
        return store;
      } catch {
        return undefined;
      }
    })());

  // A later failure (quota, a connection the browser closed for good, a stall) drops to
  // memory for the rest of the page rather than failing or holding up the caller.
  // `done` runs once IndexedDB answered in time (not for an answer given up on: memory takes it then).
  async function run<R>(onIdb: (store: UseStore) => Promise<R>, onMemory: () => R, done?: (result: R) => void): Promise<R> {
    const store = await useIdb();
    if (store) {
      try {
        const result = await bounded(store, onIdb);
        done?.(result);
        return result;
      } catch {
        idb = Promise.resolve(undefined);
      }
    }
    return onMemory();
  }

  return {
    get: <T>(key: string) =>
      run(
        (s) => read<T>(s, (objects) => objects.get(key)),
        () => memory.get(key) as T | undefined,
        (value) => keep(key, value),
      ),
    set: (key, value) =>
      run(
        (s) =>
          s('readwrite', (objects) => {
            objects.put(value, key);
            return promisifyRequest(objects.transaction);
          }),
        () => void memory.set(key, value),
        () => keep(key, value),
      ),
    update: <T>(key: string, change: (value: T | undefined) => T | undefined) => {
      let next: T | undefined;
      return run(
        (s) =>
          s('readwrite', (objects) =>
            promisifyRequest(objects.get(key)).then((value) => {
              next = change(value as T | undefined);
              if (next === undefined) objects.delete(key);
              else objects.put(next, key);
              return promisifyRequest(objects.transaction);
            }),
          ),
        () => {
          next = change(memory.get(key) as T | undefined);
          if (next === undefined) memory.delete(key);
          else memory.set(key, next);
        },
        () => keep(key, next),
      );
    },
    entries: <T>() =>
      run(
        (s) =>
          s('readonly', (objects) =>
            Promise.all([promisifyRequest(objects.getAllKeys()), promisifyRequest(objects.getAll())]).then(([keys, values]) =>
              keys.map((key, i) => [key as string, values[i] as T] as [string, T]),
            ),
          ),
        () => [...memory] as Array<[string, T]>,
      ),
    backend: async () => ((await useIdb()) ? 'indexeddb' : 'memory'),
  };
}
