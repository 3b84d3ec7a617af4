/**
 * The visitor's rate budgets for one service: the client asks here before every request,
 * retries included, so that it never sends one the service's limits would reject.
 *
 * - One sliding log of send times per limit group, and one per (group, email) for the
 *   groups whose endpoints take an address. The service counts fixed windows that open at
 *   the first hit; no fixed window of length W can hold more hits than the busiest sliding
 *   window of length W, so a sliding log is at least as strict whatever the service's
 *   window phase. The log's window is the limit's plus a margin, because a request is
 *   counted when it arrives, not when it leaves: two sends W apart can land less than W
 *   apart when the first was slower on the wire.
 * - Every tab of the site shares the budgets and they survive a reload: the logs live in
 *   localStorage under a versioned key per service, and each take is one read-decide-write
 *   under a Web Lock, so two tabs taking at once cannot both take the last unit.
 * - Addresses are stored hashed, never as typed.
 * - Where localStorage is unavailable (sandboxed iframes, some privacy modes) the budgets
 *   live in memory for the page: still correct for the page, no longer shared.
 */
import { EMAIL_GROUPS, EMAIL_LIMIT, GROUP_LIMITS, normalizeEmail, type Limit, type LimitGroup } from './rules.js';

export type Decision = { ok: true } | { ok: false; resetAt: number };

/** The subset of the Storage interface the budgets use. */
export type BudgetStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BudgetOptions {
  /** Clock in ms since the epoch; tests pass their own. */
  now?: () => number;
  /**
   * Where the logs are kept. Default: `localStorage`. `null` keeps them in memory for the
   * page, as happens by itself when localStorage throws.
   */
  storage?: BudgetStorage | null;
  /** Added to every window, for the time a request may spend on the wire. Default 1000 ms. */
  marginMs?: number;
}

export interface Budget {
  /**
   * Takes one request from the group's allowance, and from the email's if one is given,
   * only when every counter involved allows it. When one does not, nothing is taken and
   * `resetAt` (ms since the epoch) says when the request would be allowed.
   */
  take(group: LimitGroup, email?: string): Promise<Decision>;
  /** Like `take`, but takes nothing. */
  check(group: LimitGroup, email?: string): Promise<Decision>;
  /** After a 429: the group is closed for every tab until `until` (ms since the epoch). */
  close(group: LimitGroup, until: number): Promise<void>;
  /**
   * Calls `listener` whenever this service's budgets change, in this tab or another, so a
   * countdown can call `check` again. Returns the function that unsubscribes.
   */
  subscribe(listener: () => void): () => void;
}

/** What is persisted for one service. Times are ms since the epoch. */
interface State {
  /** Send times per group, oldest first. */
  groups: Partial<Record<LimitGroup, number[]>>;
  /** Send times per group and hashed address, oldest first. */
  emails: Partial<Record<LimitGroup, Record<string, number[]>>>;
  /** Groups closed by a 429, and until when. */
  closed: Partial<Record<LimitGroup, number>>;
}

/** Bump the version when the stored shape changes; an old entry is then simply ignored. */
const KEY_PREFIX = 'hub-kit:budget:v1:';
const DEFAULT_MARGIN_MS = 1000;
// A Retry-After of days is either a mistake or hostile; either way do not lock a visitor
// out of a site for longer than this, the service will answer 429 again if it meant it.
const MAX_CLOSE_MS = 24 * 60 * 60 * 1000;

/** The localStorage key a service's budgets are kept under. */
export function budgetStorageKey(scope: string): string {
  return KEY_PREFIX + scope;
}

const emptyState = (): State => ({ groups: {}, emails: {}, closed: {} });

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

/**
 * Reads what another tab, or an older page, wrote. Only the shape is taken here; `prune`,
 * which every read goes through, keeps nothing but known groups and finite times, so
 * anything malformed counts as empty.
 */
function parseState(text: string | null): State {
  try {
    const raw: unknown = text && JSON.parse(text);
    if (isObject(raw)) return { groups: Object(raw.groups), emails: Object(raw.emails), closed: Object(raw.closed) };
  } catch {
    // Not JSON: as good as nothing stored.
  }
  return emptyState();
}

/**
 * Keeps only what can still matter: sends within the window, at most `max` of them (a
 * decision never looks further back), and closures that have not ended. A send time in
 * the future means the system clock was moved back; it is read as "just now", which
 * keeps it for a whole window and so errs on the strict side.
 */
function pruneLog(times: unknown, limit: Limit, marginMs: number, now: number): number[] {
  if (!Array.isArray(times)) return [];
  const windowMs = limit.windowSeconds * 1000 + marginMs;
  const kept = times
    .filter((t): t is number => typeof t === 'number' && Number.isFinite(t))
    .map((t) => Math.min(t, now))
    .filter((t) => t > now - windowMs)
    .sort((a, b) => a - b);
  return kept.slice(-limit.max);
}

function prune(state: State, marginMs: number, now: number): State {
  const next = emptyState();
  for (const group of Object.keys(GROUP_LIMITS) as LimitGroup[]) {
    const times = pruneLog(state.groups[group], GROUP_LIMITS[group], marginMs, now);
    if (times.length) next.groups[group] = times;
    const byHash: unknown = state.emails[group];
    if (isObject(byHash)) {
      const counters: Record<string, number[]> = {};
      for (const [hash, log] of Object.entries(byHash)) {
        const kept = pruneLog(log, EMAIL_LIMIT, marginMs, now);
        if (kept.length) counters[hash] = kept;
      }
      if (Object.keys(counters).length) next.emails[group] = counters;
    }
    const until: unknown = state.closed[group];
    if (typeof until === 'number' && until > now) next.closed[group] = Math.min(until, now + MAX_CLOSE_MS);
  }
  return next;
}

const isEmpty = (state: State) =>
  !Object.keys(state.groups).length && !Object.keys(state.emails).length && !Object.keys(state.closed).length;

/** When a pruned log would next have room for one more send; undefined if it has room now. */
function logResetAt(times: number[], limit: Limit, marginMs: number): number | undefined {
  if (times.length < limit.max) return undefined;
  const oldestThatMatters = times[times.length - limit.max]!;
  return oldestThatMatters + limit.windowSeconds * 1000 + marginMs;
}

function decide(state: State, group: LimitGroup, hash: string | undefined, marginMs: number, now: number): Decision {
  // Every counter must allow the request; the answer waits for the last of them to reopen.
  const blockedUntil = [
    state.closed[group],
    logResetAt(state.groups[group] ?? [], GROUP_LIMITS[group], marginMs),
    hash === undefined ? undefined : logResetAt(state.emails[group]?.[hash] ?? [], EMAIL_LIMIT, marginMs),
  ].filter((t): t is number => t !== undefined && t > now);
  return blockedUntil.length ? { ok: false, resetAt: Math.max(...blockedUntil) } : { ok: true };
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 64 bits of FNV-1a, two 32-bit halves with different offsets: for pages without SubtleCrypto. */
function fallbackHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * The counter key of an address: a hash salted with the service, so the same address has
 * unrelated keys on two services and the stored budgets never show it. SubtleCrypto exists
 * only in secure contexts; an http page embedding an https service gets the fallback, and
 * since every tab of one origin is alike in this, they all agree on the keys.
 */
async function hashEmail(scope: string, email: string): Promise<string> {
  const text = `${scope}\n${normalizeEmail(email)}`;
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
      return hex(new Uint8Array(digest).subarray(0, 12));
    } catch {
      // Fall through: some embedded browsers expose subtle but refuse to digest.
    }
  }
  return fallbackHash(text);
}

/**
 * Runs `task` holding the service's Web Lock, so that its read-decide-write cannot
 * interleave with another tab's. Without Web Locks (insecure contexts, older browsers),
 * or where asking for one throws (opaque origins), the task runs as it is: within one page
 * it is still atomic, as it is synchronous; across tabs it is best effort.
 */
async function withLock<T>(name: string, task: () => T): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    let ran = false;
    try {
      return await locks.request(name, () => {
        ran = true;
        return task();
      });
    } catch (error) {
      if (ran) throw error;
    }
  }
  return task();
}

function defaultStorage(): BudgetStorage | null {
  try {
    // Merely reading the property throws in sandboxed iframes and with storage blocked.
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** One service's budgets: the persisted copy, and the memory copy that stands in for it. */
class Store {
  readonly #key: string;
  #storage: BudgetStorage | null;
  #memory: State = emptyState();
  readonly #listeners = new Set<() => void>();
  #watching = false;

  constructor(scope: string, storage: BudgetStorage | null) {
    this.#key = budgetStorageKey(scope);
    this.#storage = storage;
  }

  read(): State {
    if (this.#storage) {
      try {
        return parseState(this.#storage.getItem(this.#key));
      } catch {
        this.#storage = null;
      }
    }
    return this.#memory;
  }

  write(state: State): void {
    this.#memory = state;
    if (this.#storage) {
      try {
        if (isEmpty(state)) this.#storage.removeItem(this.#key);
        else this.#storage.setItem(this.#key, JSON.stringify(state));
      } catch {
        // Quota or a revoked permission: from now on this page counts in memory, which it
        // already holds, so nothing taken is forgotten.
        this.#storage = null;
      }
    }
    this.#notify();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    this.#watch();
    return () => this.#listeners.delete(listener);
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch (error) {
        // One broken listener must not stop the others or the request that took budget.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Another tab's writes arrive as storage events; this tab's own do not. */
  #watch(): void {
    if (this.#watching || typeof addEventListener !== 'function') return;
    this.#watching = true;
    addEventListener('storage', (event: StorageEvent) => {
      if (event.key === this.#key || event.key === null) this.#notify();
    });
  }
}

// Every Budget of one service on this page shares one Store, whatever its clock.
const stores = new Map<string, Store>();
const budgets = new Map<string, Budget>();

function storeFor(scope: string, storage: BudgetStorage | null | undefined): Store {
  if (storage !== undefined) return new Store(scope, storage);
  let store = stores.get(scope);
  if (!store) {
    store = new Store(scope, defaultStorage());
    stores.set(scope, store);
  }
  return store;
}

function createBudget(scope: string, options: BudgetOptions): Budget {
  const now = options.now ?? Date.now;
  const marginMs = Math.max(0, options.marginMs ?? DEFAULT_MARGIN_MS);
  const store = storeFor(scope, options.storage);
  const lockName = `hub-kit:budget:${scope}`;
  const hashFor = async (group: LimitGroup, email: string | undefined) =>
    email !== undefined && email.trim() !== '' && EMAIL_GROUPS.has(group) ? hashEmail(scope, email) : undefined;

  return {
    async take(group, email) {
      const hash = await hashFor(group, email);
      return withLock(lockName, () => {
        const at = now();
        const state = prune(store.read(), marginMs, at);
        const decision = decide(state, group, hash, marginMs, at);
        if (decision.ok) {
          (state.groups[group] ??= []).push(at);
          if (hash !== undefined) ((state.emails[group] ??= {})[hash] ??= []).push(at);
          store.write(state);
        }
        return decision;
      });
    },

    async check(group, email) {
      const hash = await hashFor(group, email);
      const at = now();
      return decide(prune(store.read(), marginMs, at), group, hash, marginMs, at);
    },

    async close(group, until) {
      if (!Number.isFinite(until)) return;
      await withLock(lockName, () => {
        const at = now();
        const state = prune(store.read(), marginMs, at);
        if (until <= at || (state.closed[group] ?? 0) >= until) return;
        state.closed[group] = until;
        store.write(prune(state, marginMs, at));
      });
    },

    subscribe: (listener) => store.subscribe(listener),
  };
}

/**
 * The budgets of one service (scope: its normalized base URL). Without options the Budget
 * is memoized, so every client and element of the page shares one object; with options
 * (a test's clock) it is a new object over the same shared, persisted counters.
 */
export function budgetFor(scope: string, options: BudgetOptions = {}): Budget {
  const custom = options.now !== undefined || options.storage !== undefined || options.marginMs !== undefined;
  if (custom) return createBudget(scope, options);
  let budget = budgets.get(scope);
  if (!budget) {
    budget = createBudget(scope, options);
    budgets.set(scope, budget);
  }
  return budget;
}
