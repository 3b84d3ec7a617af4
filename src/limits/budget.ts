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
 * - Every tab of the site shares the budgets and they survive a reload: they live in
 *   IndexedDB, one record per service, and each take is one read-decide-write inside a
 *   single readwrite transaction. IndexedDB runs such transactions one at a time across
 *   every tab and process of the origin, in every browser, so two tabs taking at once can
 *   never both take the last unit. (localStorage, with a Web Lock around it, is not enough:
 *   Firefox gives each process its own view of localStorage and syncs them later.)
 * - Addresses are stored hashed, never as typed.
 * - Where IndexedDB is unavailable (some private modes) the budgets live in memory for the
 *   page: still correct for the page, no longer shared.
 */
import { openStore } from '../cache/store.js';
import { tabChannel } from '../lifecycle/tabs.js';
import { backoff } from '../timing/backoff.js';
import { now as clock } from '../timing/clock.js';
import { MAX_WAIT_MS } from '../timing/retry-after.js';
import { EMAIL_GROUPS, EMAIL_LIMIT, GROUP_LIMITS, normalizeEmail, type Limit, type LimitGroup } from './rules.js';

export type Decision = { ok: true } | { ok: false; resetAt: number };

export interface BudgetOptions {
  /** Clock in ms since the epoch (default: the kit's clock, which a system clock set back or forward does not move); tests pass their own. */
  now?: () => number;
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
  /**
   * After a 429: the group is closed for every tab until `until` (ms since the epoch).
   * Without `until` (the 429's headers could not be read) the budget picks the wait with
   * src/timing's `backoff()`: one to two minutes, doubled for each 429 that follows soon
   * after the last wait ended, at most MAX_WAIT_MS. Resolves with the end of the closure.
   */
  close(group: LimitGroup, until?: number): Promise<number>;
  /**
   * Calls `listener` whenever this service's budgets change, in this tab or another, so a
   * countdown can call `check` again. Returns the function that unsubscribes.
   */
  subscribe(listener: () => void): () => void;
}

/** What is stored for one service. Times are ms since the epoch. */
interface State {
  /** Send times per group, oldest first. */
  groups: Partial<Record<LimitGroup, number[]>>;
  /** Send times per group and hashed address, oldest first. */
  emails: Partial<Record<LimitGroup, Record<string, number[]>>>;
  /** Groups closed by a 429, and until when. */
  closed: Partial<Record<LimitGroup, number>>;
  /** The last wait the budget chose itself after a 429 without readable headers: [end, length, how many in a row]. */
  waits: Partial<Record<LimitGroup, [number, number, number]>>;
}

/** Bump the version when the stored shape changes; an old record is then simply ignored. */
const KEY_PREFIX = 'v2:';
const DEFAULT_MARGIN_MS = 1000;
/**
 * The first backoff step after a 429 whose headers cannot be read: a wait of one to two
 * minutes (half fixed, half random), at least the spec's one-minute windows. It doubles for
 * each repeat.
 */
const FIRST_STEP_MS = 120_000;
// No closure outlasts the spec's longest window (src/timing/retry-after.ts says why): a
// stored one from an older version, or a clock moved back, is cut to it.
const MAX_CLOSE_MS = MAX_WAIT_MS;

const store = openStore('hub-kit-budget', 'budgets', true);

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

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

/**
 * Reads what another tab, or an older page, stored. Only known groups, finite times and
 * closures that have not ended are kept, so anything malformed counts as empty.
 */
function prune(stored: unknown, marginMs: number, now: number): State {
  const raw = isObject(stored) ? stored : {};
  const next: State = { groups: {}, emails: {}, closed: {}, waits: {} };
  for (const group of Object.keys(GROUP_LIMITS) as LimitGroup[]) {
    const times = pruneLog(Object(raw.groups)[group], GROUP_LIMITS[group], marginMs, now);
    if (times.length) next.groups[group] = times;
    const byHash: unknown = Object(raw.emails)[group];
    if (isObject(byHash)) {
      const counters: Record<string, number[]> = {};
      for (const [hash, log] of Object.entries(byHash)) {
        const kept = pruneLog(log, EMAIL_LIMIT, marginMs, now);
        if (kept.length) counters[hash] = kept;
      }
      if (Object.keys(counters).length) next.emails[group] = counters;
    }
    const until: unknown = Object(raw.closed)[group];
    if (typeof until === 'number' && until > now) next.closed[group] = Math.min(until, now + MAX_CLOSE_MS);
    // A chosen wait is remembered until as long again has passed without another 429.
    const wait: unknown = Object(raw.waits)[group];
    if (Array.isArray(wait) && wait[0] + wait[1] > now) next.waits[group] = [wait[0], Math.min(wait[1], MAX_CLOSE_MS), wait[2] || 1];
  }
  return next;
}

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

/**
 * The counter key of an address: 64 bits of FNV-1a (two 32-bit halves with different
 * offsets) of the address salted with the service, so the same address has unrelated keys on
 * two services and the stored budgets never show it. A key only has to tell a visitor's few
 * addresses apart, and no hash keeps an address from someone who guesses it and hashes it
 * too: a cryptographic digest would buy nothing here but an await and its code.
 */
function hashEmail(scope: string, email: string): string {
  const text = `${scope}\n${normalizeEmail(email)}`;
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

// Listeners of this page, by service; other tabs hear of a change on the channel.
const listeners = new Map<string, Set<() => void>>();

function notify(scope: string): void {
  for (const listener of [...(listeners.get(scope) ?? [])]) {
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

const tabs = tabChannel('hub-kit:budget', notify);

function changed(scope: string): void {
  notify(scope);
  tabs()?.postMessage(scope);
}

const budgets = new Map<string, Budget>();

function createBudget(scope: string, options: BudgetOptions): Budget {
  const now = options.now ?? clock;
  const marginMs = Math.max(0, options.marginMs ?? DEFAULT_MARGIN_MS);
  const key = KEY_PREFIX + scope;
  const hashFor = (group: LimitGroup, email: string | undefined) =>
    email !== undefined && email.trim() !== '' && EMAIL_GROUPS.has(group) ? hashEmail(scope, email) : undefined;

  /** One read-decide-write in one transaction; `change` runs inside it and must not wait. */
  async function transact<R>(change: (state: State, at: number) => R): Promise<R> {
    let result!: R;
    await store.update<State>(key, (stored) => {
      const at = now();
      const state = prune(stored, marginMs, at);
      result = change(state, at);
      return state;
    });
    changed(scope);
    return result;
  }

  return {
    async take(group, email) {
      const hash = hashFor(group, email);
      return transact((state, at) => {
        const decision = decide(state, group, hash, marginMs, at);
        if (decision.ok) {
          (state.groups[group] ??= []).push(at);
          if (hash !== undefined) ((state.emails[group] ??= {})[hash] ??= []).push(at);
        }
        return decision;
      });
    },

    async check(group, email) {
      const hash = hashFor(group, email);
      const at = now();
      return decide(prune(await store.get(key), marginMs, at), group, hash, marginMs, at);
    },

    close(group, until) {
      return transact((state, at) => {
        if (until === undefined) {
          const tries = (state.waits[group]?.[2] ?? 0) + 1;
          const wait = backoff(tries, FIRST_STEP_MS, MAX_CLOSE_MS);
          state.waits[group] = [at + wait, wait, tries];
          until = at + wait;
        }
        const end = Math.min(Math.max(until, state.closed[group] ?? 0), at + MAX_CLOSE_MS);
        if (end > at) state.closed[group] = end;
        return end;
      });
    },

    subscribe(listener) {
      tabs();
      let set = listeners.get(scope);
      if (!set) listeners.set(scope, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

/**
 * The budgets of one service (scope: its normalized base URL). Without options the Budget
 * is memoized, so every client and element of the page shares one object; with options
 * (a test's clock) it is a new object over the same shared, stored counters.
 */
export function budgetFor(scope: string, options: BudgetOptions = {}): Budget {
  if (options.now !== undefined || options.marginMs !== undefined) return createBudget(scope, options);
  let budget = budgets.get(scope);
  if (!budget) budgets.set(scope, (budget = createBudget(scope, options)));
  return budget;
}

/** The IndexedDB key a service's budgets are stored under (database `hub-kit-budget`, store `budgets`). */
export function budgetStorageKey(scope: string): string {
  return KEY_PREFIX + scope;
}
