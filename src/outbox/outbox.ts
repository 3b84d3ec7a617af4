/**
 * The outbox: submissions made while the browser was offline, which therefore never left
 * it, kept in IndexedDB until they are sent, once, and until a form has told the visitor
 * how they ended.
 *
 * Once across tabs and pages: every flush runs under one Web Lock for the origin, and an
 * entry is claimed before its POST leaves: the readwrite transaction that picks it also
 * marks it in flight (`sending`). Nobody else sends an entry in flight. One that a flush
 * finds in flight was left so by a page that went away mid-send (inside the lock, no live
 * flush holds it), so that send's outcome is unknown: the entry is sent again only where a
 * repeat does no harm (a subscriber upsert, once), and otherwise waits for the visitor.
 * The outbox makes a signup's one re-send itself, as a new claim, never the transport
 * within one call: the store counts it before it leaves, so a page that goes away during
 * the re-send cannot lead to a third.
 *
 * A send a form makes now (`sendNow`) is written down in the same store, in flight, before it
 * leaves, under a Web Lock of its own while it is in flight: a page that goes away mid-send
 * (a link followed, a tab closed) leaves it for the next page, which applies the same rule;
 * an answer that comes after its form left the page (an app swapped its route) is kept for
 * the next form of its target, which tells it. Nothing a visitor sent is lost with a page.
 *
 * The store is opened when it is first needed, not as a page loads: a marker in
 * localStorage says whether anything may wait in it, so a page whose visitor never left
 * anything behind opens no database before a submission.
 *
 * Nothing leaves the store before a form of its target has taken it (`claim`): an entry the
 * service has taken (2xx, or a 409 for an upsert) stays as `delivered`, an unknown outcome
 * as `unconfirmed`, an answer after which it is not sent again by itself as `refused` (a
 * 422, another 4xx, a 5xx but 503, with its reason). Whichever page sent it, even one
 * without that form, the visitor is told on the next page that has it, and what the
 * visitor typed is never lost.
 */
import { post } from '../api/calls.js';
import { ENDPOINTS, type EndpointParams } from '../api/endpoints.js';
import { HubError, OfflineError, RateLimitedError, UnconfirmedError, isHubError } from '../api/errors.js';
import type { ContactBody, SignupBody, SubmitResponse } from '../api/schema.js';
import type { PostEndpoint } from '../api/transport.js';
import { sharedTransport } from '../api/transport.js';
import { openStore } from '../cache/store.js';
import { tabChannel } from '../lifecycle/tabs.js';
import { backoff } from '../timing/backoff.js';
import { now } from '../timing/clock.js';

/**
 * A final refusal, as stored and as sent to other tabs: the error's own fields (name, status,
 * body, fieldErrors…) and its message, since an error loses its class when it is cloned.
 */
export interface Refusal {
  name: string;
  message: string;
  [field: string]: unknown;
}

export interface OutboxEntry<N extends PostEndpoint = PostEndpoint> {
  id: string;
  baseUrl: string;
  endpoint: N;
  params: EndpointParams[N];
  body: N extends 'contact' ? ContactBody : SignupBody;
  queuedAt: number;
  /** When a flush claimed it, just before its POST left; cleared with the answer. */
  sending?: number | undefined;
  /** Sends whose outcome stayed unknown. */
  unknowns?: number;
  /** The service took it, with this answer: it waits for a form to tell the visitor. */
  delivered?: SubmitResponse;
  /** Sent, but whether it arrived is unknown: it waits for the visitor, never sent by itself. */
  unconfirmed?: boolean;
  /** Refused for good by the service: it waits for the visitor, with the reason. */
  refused?: Refusal;
}

export interface DeliveredDetail {
  entry: OutboxEntry;
  response: SubmitResponse;
}
export interface FailedDetail {
  entry: OutboxEntry;
  /**
   * The service's final answer (a 422, a 404, another 4xx), as a HubError with its fields:
   * read it with `isHubError(error, 'ValidationError')`, not `instanceof`. The entry waits
   * for the visitor with it.
   */
  error: Error;
}

/** An entry a form took for the visitor: delivered, or back with the error that refused it, if one did. */
export type ClaimedEntry = OutboxEntry & { error?: Error | undefined };

/**
 * Fires 'delivered' (CustomEvent<DeliveredDetail>), 'failed' (CustomEvent<FailedDetail>) and
 * 'unconfirmed' (CustomEvent<{ entry }>), in every tab; `detail.here` is true in the tab whose
 * outbox wrote it.
 */
export const outboxEvents: EventTarget = new EventTarget();

const NAME = 'hub-kit:outbox';
/** The first flush waits a little, so the page's own requests go first. */
const START_DELAY_MS = 200;
const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** 128 random bits in hex (randomUUID exists only in secure contexts; an http page of a site may still embed us). */
const randomId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const store = openStore('hub-kit-outbox', 'entries', true);

/**
 * The marker (localStorage, one short string) that anything may wait in the store, set before
 * and after every write that adds an entry, and taken away only when the store was seen empty
 * while it stayed the same: a page reads it instead of opening the database. Where
 * localStorage cannot be read (storage blocked), anything may wait.
 */
const marker = (value?: string | null): string | null => {
  try {
    if (value) localStorage.setItem(NAME, value);
    else if (value === null) localStorage.removeItem(NAME);
    return localStorage.getItem(NAME);
  } catch {
    return NAME;
  }
};
const mark = () => marker(randomId());
/** Whether anything may wait in the outbox, from an earlier page or this one. */
export const waiting = (): boolean => !!marker();

/**
 * A send this page has begun, written down at once in localStorage (`STAGED` + its id, with
 * the time) until the outbox's own write of it is done: a page left in that moment (a reload
 * a moment after the click, on a slow or busy device, while the database opens) aborts that
 * write, and the entry, never sent, would be lost. While its page lives it holds a Web Lock
 * of the same name; the next page writes into the outbox the staged sends whose page is
 * gone (`adoptStaged`), to be sent as queued ones.
 */
const STAGED = `${NAME}:staged:`;
/** How old a staged send must be before another page takes it: its page has asked for its lock by then, or is gone. */
const STAGED_ADOPT_MS = 2000;

const stagedKeys = (): string[] => {
  try {
    return Object.keys(localStorage).filter((key) => key.startsWith(STAGED));
  } catch {
    return [];
  }
};

/** Stages `entry`; the function returned takes it away once the outbox holds it. */
function stage(entry: OutboxEntry): () => void {
  const key = STAGED + entry.id;
  let release = () => {};
  try {
    localStorage.setItem(key, JSON.stringify([now(), entry]));
    mark();
    // (Granted after the outbox wrote it down, the lock is let go at once.)
    navigator.locks?.request(key, () => localStorage.getItem(key) && new Promise<void>((done) => (release = done))).catch(() => {});
  } catch {
    // Storage refused: the outbox keeps it in memory only, as it keeps everything here.
  }
  return () => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing was staged.
    }
    release();
  };
}

/** Takes away the staged copy of entry `id`: the outbox holds it, or held it and is done with it. */
const dropStaged = (id: string) => {
  try {
    localStorage.removeItem(STAGED + id);
  } catch {
    // Nothing was staged.
  }
};

/**
 * Writes into the outbox the staged sends of pages that are gone, never written down, so
 * never sent; and drops the staged copy of any the outbox already holds (its page wrote it,
 * and went before it could say so): that copy must never bring back an entry the outbox
 * has since delivered and let go.
 */
async function adoptStaged(): Promise<void> {
  let locks = '';
  for (const key of stagedKeys()) {
    try {
      // The locks of the origin's pages, held or asked for: a staged send's page lives while its lock is there.
      locks ||= JSON.stringify(await navigator.locks?.query()) ?? '-';
      const [at, entry] = JSON.parse(localStorage.getItem(key)!) as [number, OutboxEntry];
      // This page's own: it writes it.
      if (live.has(entry.id)) continue;
      // Its page still lives, or may: it was staged a moment ago.
      const lives = locks.includes(`"${key}"`) || now() < at + STAGED_ADOPT_MS;
      let held = false;
      await store.update<OutboxEntry>(entry.id, (current) => ((held = !!current), current ?? (lives ? undefined : entry)));
      if (held || !lives) dropStaged(entry.id);
      else flushAt(now() + STAGED_ADOPT_MS);
    } catch {
      // Unreadable, or the outbox would not take it now: left for the next flush.
    }
  }
}

async function tidy(): Promise<void> {
  const seen = marker();
  if (seen && !(await store.entries()).length && marker() === seen && !stagedKeys().length) marker(null);
}

type Message = { type: 'delivered' | 'unconfirmed' | 'failed'; entry: OutboxEntry; response?: SubmitResponse; here?: boolean };

let listening = false;
let started = false;
let running: Promise<void> | undefined;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;
let failures = 0;
let lastQueuedAt = 0;
/** Entries this page is sending now, outside a flush. */
const live = new Set<string>();
/**
 * From `beforeunload` or `pagehide` to `pageshow`: a page being left takes nothing back for
 * the visitor, who would never see it. (Firefox stops a page's fetches as the navigation
 * begins, before `pagehide`, and runs its script on a while.) A leave that a prompt
 * cancelled ends after LEAVE_MS.
 */
let leaving = false;
const LEAVE_MS = 3000;
function leave(): void {
  leaving = true;
  setTimeout(() => (leaving = false), LEAVE_MS);
}

/** Dispatches `message` to this tab's listeners (outboxEvents); `announce` tells the other tabs too. */
function dispatchHere(message: Message): void {
  const { entry } = message;
  const detail = message.type === 'failed' ? { entry, error: revive(entry.refused!), here: message.here } : message;
  outboxEvents.dispatchEvent(new CustomEvent(message.type, { detail }));
}

/**
 * The error a stored refusal stands for: a HubError of this copy with the refusal's fields,
 * so `isHubError(error, 'ValidationError')`, `status` and `fieldErrors` read as they did.
 */
const revive = (refusal: Refusal): Error => Object.assign(new HubError(refusal.message), refusal);

const tabs = tabChannel(NAME, dispatchHere);

function announce(message: Message): void {
  dispatchHere({ ...message, here: true });
  try {
    tabs()?.postMessage(message);
  } catch {
    // A body that cannot be cloned still reached this tab; other tabs only miss a notice.
  }
}

/** A flush nobody awaits, when anything may wait: if it breaks, try again later rather than leave a rejection behind. */
function kick(): void {
  if (waiting()) flush().catch(retryLater);
}

function listen(): void {
  if (listening) return;
  listening = true;
  tabs();
  if (typeof window === 'undefined') return;
  window.addEventListener('online', kick);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => (leaving = false));
}

/** One timer for the earliest wait: a rate-limit reset or the next backoff step. */
function flushAt(at: number): void {
  if (timer !== undefined && timerAt <= at) return;
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(() => {
    timer = undefined;
    timerAt = Infinity;
    kick();
  }, Math.max(0, at - now()));
}

function retryLater(): void {
  // Jitter, so many visitors coming back online do not all knock at once.
  flushAt(now() + backoff(++failures, BACKOFF_FIRST_MS, BACKOFF_MAX_MS));
}

/**
 * An answer after which the kit does not send the entry again by itself: a refusal (a 4xx,
 * a redirect, a set-up error, a request the page's policy blocked), and a 5xx other than
 * 503, which may have come after the service stored it (sending it again could deliver it
 * twice). Only a 503 or a 408, which say the service took nothing, and a 429 are waited out
 * and tried again.
 */
function isFinal(error: unknown): boolean {
  const status = isHubError(error) ? (error.status ?? 0) : 0;
  return isHubError(error, 'ConfigError') || (status > 299 && status !== 408 && status !== 429 && status !== 503);
}

/** Whether the entry waits for a person rather than for a flush. */
const forVisitor = (entry: OutboxEntry | undefined): boolean => !!(entry?.delivered || entry?.unconfirmed || entry?.refused);

/**
 * Writes down how a send ended that nobody will tell the visitor now: delivered, unconfirmed
 * or refused for a form to take, or kept to be sent later (offline, a wait, a 503). Answers
 * whether the entry still waits to be sent.
 */
async function keep(entry: OutboxEntry, { response, error }: Outcome): Promise<boolean> {
  const kept: OutboxEntry = { ...entry, sending: undefined };
  if (response) kept.delivered = response;
  else if (error instanceof UnconfirmedError) kept.unconfirmed = true;
  else if (isFinal(error)) kept.refused = { ...(error as Error), message: (error as Error).message };
  await store.set(entry.id, kept);
  const type = response ? 'delivered' : kept.unconfirmed ? 'unconfirmed' : kept.refused && 'failed';
  if (type) announce({ type, entry: kept, response });
  else if (error instanceof RateLimitedError) flushAt(error.resetAt.getTime());
  else if (!(error instanceof OfflineError)) retryLater(); // `online` resumes an offline one.
  return !type;
}

async function sendAll(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // `online` resumes.
  const unreachable = new Set<string>();
  const queue = await pending();
  for (let i = 0; i < queue.length; i++) {
    const { id, baseUrl, sending } = queue[i]!;
    // What already waits for a form is passed over without a transaction (delivered entries
    // stay until a form takes them); the transaction below checks again what changed since.
    if (unreachable.has(baseUrl) || forVisitor(queue[i])) continue;
    // Being sent now by a form of this page, which tells its outcome. (A form of another
    // tab holds the lock shared while it sends: this flush waited for it.)
    if (sending && live.has(id)) continue;
    let picked: OutboxEntry | undefined;
    // Picked and marked in flight in one readwrite transaction: no other flush, in this tab
    // or another, can pick it between the read and the mark.
    await store.update<OutboxEntry>(id, (entry) => {
      picked = undefined;
      // Sent by a flush before this one, or waiting for the visitor.
      if (!entry || forVisitor(entry)) return entry;
      // In flight, yet nobody holds it: its page went away mid-send, or this flush left it
      // so after a send of unknown outcome. Either way that send counts as one of unknown
      // outcome, written down here, before any re-send leaves.
      const unknowns = (entry.unknowns ?? 0) + (entry.sending ? 1 : 0);
      const giveUp = unknowns > 0 && (!ENDPOINTS[entry.endpoint].resend || unknowns > 1);
      return (picked = { ...entry, unknowns, sending: giveUp ? undefined : now(), unconfirmed: giveUp });
    });
    const entry = picked as OutboxEntry | undefined;
    if (!entry) continue;
    if (entry.unconfirmed) {
      announce({ type: 'unconfirmed', entry });
      continue;
    }
    const outcome = await deliver(entry);
    if ('response' in outcome) failures = 0;
    // Kept until a form of its target tells the visitor (this page may have none), or to be
    // sent later: a 503 or 408 (nothing taken), after the client's own retries, keeps the
    // others of this service waiting too.
    if (await keep(entry, outcome)) unreachable.add(entry.baseUrl);
    if (outcome.error instanceof OfflineError) return; // `online` resumes.
  }
  await tidy();
}

/** How a send ended: the service's answer, or the error. */
type Outcome = { response?: SubmitResponse; error?: unknown };

/**
 * Sends `entry`, marked in flight in the store: a signup whose send has an unknown outcome is
 * sent once more (by the transport, within the call), that send of unknown outcome written
 * down (`unknowns`) before the re-send leaves, so that a page gone during the re-send leads
 * to no third; an entry found in flight was counted so when it was picked, and gets no re-send.
 */
async function deliver(entry: OutboxEntry): Promise<Outcome> {
  // Only while a send is in flight: a beforeunload listener costs a page its back/forward cache.
  globalThis.addEventListener?.('beforeunload', leave);
  try {
    return {
      response: await post(sharedTransport(entry.baseUrl), entry.endpoint, entry.params, entry.body, {
        once: !!entry.unknowns,
        resent: () => write({ ...entry, sending: now(), unknowns: (entry.unknowns = 1) }),
      }),
    };
  } catch (error) {
    return { error };
  } finally {
    globalThis.removeEventListener?.('beforeunload', leave);
  }
}

/**
 * Runs `task` holding the Web Lock `hub-kit:outbox` across the origin's tabs: a flush alone
 * (exclusive), a form's send beside other sends (`shared`), so that a flush waits for every
 * send in flight and finds in flight only what a page left so. Web Locks exist in every
 * current browser, but only in secure contexts, and a browser that blocks site data refuses
 * them: the task then runs without one. Without locks the claim
 * still keeps two flushes from sending one entry at once, but an entry another tab is
 * sending that moment looks abandoned: a contact message then waits for the visitor (never
 * sent twice), a signup may go once more (an upsert).
 */
async function hold<T>(task: () => Promise<T>, mode?: LockMode): Promise<T> {
  let ran = false;
  try {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      return await navigator.locks.request(NAME, { mode }, () => ((ran = true), task()));
    }
  } catch (error) {
    if (ran) throw error;
  }
  return task();
}

/** A new entry of this page, not yet stored. */
export function draft<N extends PostEndpoint>(entry: Omit<OutboxEntry<N>, 'id' | 'queuedAt'>): OutboxEntry<N> {
  // Strictly increasing within a page, so two submissions in one millisecond keep their order.
  lastQueuedAt = Math.max(now(), lastQueuedAt + 1);
  return { ...entry, id: randomId(), queuedAt: lastQueuedAt } as OutboxEntry<N>;
}

/** Writes `entry` to the store, with the marker on both sides of the write. */
async function write(entry: OutboxEntry): Promise<void> {
  listen();
  mark();
  await store.set(entry.id, entry);
  mark();
}

/** Keeps a submission durably until it is delivered. */
export async function enqueue<N extends PostEndpoint>(
  entry: Omit<OutboxEntry<N>, 'id' | 'queuedAt'>,
): Promise<OutboxEntry<N>> {
  const full = draft(entry);
  await write(full);
  // Queued after the client's own retries failed: give the service a moment first.
  flushAt(now() + BACKOFF_FIRST_MS);
  return full;
}

/**
 * Sends `entry` now, for a form in front of the visitor, written down first: it is stored in
 * flight before it leaves (holding the outbox's Web Lock shared, so that no flush of any tab
 * takes it for abandoned), and a signup's one re-send after an unknown outcome is counted in the store
 * before it leaves, as a flush does. A page that goes away mid-send leaves it in flight, and
 * the next page's flush applies the outbox's rule to it.
 *
 * Resolves with the service's answer, or rejects with the error, for the form to tell. The
 * entry then leaves the store, unless `kept(ok)`, asked as the answer comes, says that the
 * form cannot give it back (it left the page; or, for an answer that is no success, its
 * fields hold something else now): the outcome is then kept for a form of its target, as a
 * flush keeps it. After an OfflineError it waits in the outbox.
 *
 * An answer that comes while the page is being left resolves with nothing: the outcome is
 * kept for the page the visitor sees next, which tells it, and this page's form tells
 * nothing, or the visitor would be told twice.
 */
export async function sendNow(entry: OutboxEntry, kept: (ok: boolean) => boolean): Promise<SubmitResponse | undefined> {
  live.add(entry.id);
  // Written down at once, before anything waits (the lock, the database): see `stage`.
  const unstage = stage(entry);
  let given: (() => void) | undefined;
  try {
    return await hold(async () => {
      try {
        await write((entry = { ...entry, sending: now(), unknowns: 0 }));
      } finally {
        unstage();
      }
      const { response, error } = await deliver(entry);
      if (leaving) {
        await keep(entry, { response, error });
        return undefined;
      }
      if (error instanceof OfflineError || kept(!!response)) await keep(entry, { response, error });
      else {
        // Its form tells the outcome once this resolves, a task or more away (the lock is let
        // go first): a page left before then would lose the entry, so it stays written down
        // until the form has it, and the next page's outbox takes it as a send its page left
        // mid-way (see `stage`).
        given = stage(entry);
        await store.update(entry.id, () => undefined);
      }
      if (!response) throw error;
      return response;
    }, 'shared');
  } finally {
    live.delete(entry.id);
    // (The marker goes once nothing is left: see `tidy`.)
    if (given) given(), void tidy();
  }
}

/** Whether the outbox keeps its entries across pages here ('memory' where the browser refuses storage). */
export const durable = async (): Promise<boolean> => (await store.backend()) === 'indexeddb';

/**
 * Takes the oldest entry waiting for the visitor (delivered, unconfirmed, or refused) for
 * which `match` holds: it leaves the outbox, in a transaction of its own so that only one
 * form of one tab gets it, and the caller tells the visitor or gives it back.
 */
export async function claim(match: (entry: OutboxEntry) => boolean): Promise<ClaimedEntry | undefined> {
  listen();
  for (const found of leaving || !waiting() ? [] : await pending()) {
    if (!forVisitor(found) || !match(found)) continue;
    let taken: OutboxEntry | undefined;
    await store.update<OutboxEntry>(found.id, (entry) => ((taken = forVisitor(entry) ? entry : undefined) ? undefined : entry));
    const back = taken as OutboxEntry | undefined;
    if (back) {
      dropStaged(back.id);
      void tidy();
      return { ...back, error: back.refused && revive(back.refused) };
    }
  }
  return undefined;
}

/** Everything still waiting, oldest first, entries waiting for the visitor (delivered ones too) included. */
export async function pending(): Promise<OutboxEntry[]> {
  await adoptStaged();
  const all = await store.entries<OutboxEntry>();
  return all
    .map(([, entry]) => entry)
    .filter((entry) => entry && typeof entry.id === 'string' && typeof entry.baseUrl === 'string')
    .sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Sends every waiting entry once; one tab at a time. */
export function flush(): Promise<void> {
  // A tab that sends must also hear what other tabs send.
  listen();
  if (running) {
    // An entry queued after this pass read the list must not wait for the next trigger.
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await hold(sendAll);
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Idempotent: flushes soon when anything may wait (the marker says so), on every `online`
 * event, and when a rate-limit wait ends. A page whose visitor left nothing behind opens no
 * database for it.
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  listen();
  flushAt(now() + START_DELAY_MS);
}
