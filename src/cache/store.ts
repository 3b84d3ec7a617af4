/**
 * A small key-value store over idb-keyval that falls back to memory, shared by the cache,
 * the outbox and the rate budgets.
 *
 * Why a fallback at all: some browsers refuse IndexedDB outright. Older Firefox private
 * windows expose `indexedDB` but fail every `open()` with InvalidStateError; some embedded
 * webviews and hardened profiles remove `indexedDB` entirely; a full disk fails writes.
 * The elements must still work there, just without surviving a reload.
 */
import { createStore, del, entries, get, set, update, type UseStore } from 'idb-keyval';

export type Backend = 'indexeddb' | 'memory';

export interface Store {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Reads, changes and writes one value in a single readwrite transaction, which IndexedDB
   * runs alone among every tab and process of the origin: what `change` read is still the
   * stored value when its result is written. Resolves when that is committed.
   */
  update<T>(key: string, change: (value: T | undefined) => T): Promise<void>;
  entries<T>(): Promise<Array<[string, T]>>;
  /** Where values live; decided once, on first use. */
  backend(): Promise<Backend>;
}

export function openStore(dbName: string, storeName: string): Store {
  const memory = new Map<string, unknown>();
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
        await get('', store);
        return store;
      } catch {
        return undefined;
      }
    })());

  // A later failure (quota, a connection the browser closed for good) drops to memory
  // for the rest of the page rather than failing the caller.
  async function run<R>(onIdb: (store: UseStore) => Promise<R>, onMemory: () => R): Promise<R> {
    const store = await useIdb();
    if (store) {
      try {
        return await onIdb(store);
      } catch {
        idb = Promise.resolve(undefined);
      }
    }
    return onMemory();
  }

  return {
    get: <T>(key: string) =>
      run(
        (s) => get<T>(key, s),
        () => memory.get(key) as T | undefined,
      ),
    set: (key, value) =>
      run(
        (s) => set(key, value, s),
        () => void memory.set(key, value),
      ),
    del: (key) =>
      run(
        (s) => del(key, s),
        () => void memory.delete(key),
      ),
    update: <T>(key: string, change: (value: T | undefined) => T) =>
      run(
        (s) => update<T>(key, change, s),
        () => void memory.set(key, change(memory.get(key) as T | undefined)),
      ),
    entries: <T>() =>
      run(
        (s) => entries<string, T>(s),
        () => [...memory] as Array<[string, T]>,
      ),
    backend: async () => ((await useIdb()) ? 'indexeddb' : 'memory'),
  };
}
