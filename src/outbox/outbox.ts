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
import { sleep } from '../timing/sleep.js';

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
 * 'unconfirmed' (CustomEvent<{ entry }>), in every tab.
 */
export const outboxEvents: EventTarget = new EventTarget();

const NAME = 'hub-kit:outbox';
/** The first flush waits a little, so the page's own requests go first. */
const START_DELAY_MS = 200;
const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** Before a signup's one re-send: a moment for a dropped connection to mend. */
const RESEND_MS = 800;

/** 128 random bits in hex (randomUUID exists only in secure contexts; an http page of a site may still embed us). */
const randomId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const store = openStore('hub-kit-outbox', 'entries');

type Message = { type: 'delivered' | 'unconfirmed' | 'failed'; entry: OutboxEntry; response?: SubmitResponse };

let listening = false;
let started = false;
let running: Promise<void> | undefined;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;
let failures = 0;
let lastQueuedAt = 0;
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
  const detail = message.type === 'failed' ? { entry, error: revive(entry.refused!) } : message;
  outboxEvents.dispatchEvent(new CustomEvent(message.type, { detail }));
}

/**
 * The error a stored refusal stands for: a HubError of this copy with the refusal's fields,
 * so `isHubError(error, 'ValidationError')`, `status` and `fieldErrors` read as they did.
 */
const revive = (refusal: Refusal): Error => Object.assign(new HubError(refusal.message), refusal);

const tabs = tabChannel(NAME, dispatchHere);

function announce(message: Message): void {
  dispatchHere(message);
  try {
    tabs()?.postMessage(message);
  } catch {
    // A body that cannot be cloned still reached this tab; other tabs only miss a notice.
  }
}

/** A flush nobody awaits: if it breaks, try again later rather than leave a rejection behind. */
function kick(): void {
  flush().catch(retryLater);
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
  }, Math.max(0, at - Date.now()));
}

function retryLater(): void {
  // Jitter, so many visitors coming back online do not all knock at once.
  flushAt(Date.now() + backoff(++failures, BACKOFF_FIRST_MS, BACKOFF_MAX_MS));
}

/**
 * An answer after which the kit does not send the entry again by itself: a refusal (a 4xx,
 * a redirect, a set-up error), and a 5xx other than 503, which may have come after the
 * service stored it (sending it again could deliver it twice). Only a 503 or a 408, which
 * say the service took nothing, and a 429 are waited out and tried again.
 */
function isFinal(error: unknown): boolean {
  const status = isHubError(error) ? (error.status ?? 0) : 0;
  return isHubError(error, 'ConfigError') || (status > 299 && status !== 408 && status !== 429 && status !== 503);
}

/** Whether the entry waits for a person rather than for a flush. */
const forVisitor = (entry: OutboxEntry | undefined): boolean => !!(entry?.delivered || entry?.unconfirmed || entry?.refused);

async function sendAll(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // `online` resumes.
  const unreachable = new Set<string>();
  const queue = await pending();
  for (let i = 0; i < queue.length; i++) {
    const { id, baseUrl } = queue[i]!;
    // What already waits for a form is passed over without a transaction (delivered entries
    // stay until a form takes them); the transaction below checks again what changed since.
    if (unreachable.has(baseUrl) || forVisitor(queue[i])) continue;
    const now = Date.now();
    let picked: OutboxEntry | undefined;
    // Picked and marked in flight in one readwrite transaction: no other flush, in this tab
    // or another, can pick it between the read and the mark.
    await store.update<OutboxEntry>(id, (entry) => {
      picked = undefined;
      // Sent by a flush before this one, or waiting for the visitor.
      if (!entry || forVisitor(entry)) return entry;
      // In flight, yet no flush holds it: its page went away mid-send, or this flush left it
      // so after a send of unknown outcome. Either way that send counts as one of unknown
      // outcome, written down here, before any re-send leaves.
      const unknowns = (entry.unknowns ?? 0) + (entry.sending ? 1 : 0);
      const giveUp = unknowns > 0 && (!ENDPOINTS[entry.endpoint].resend || unknowns > 1);
      return (picked = { ...entry, unknowns, sending: giveUp ? undefined : now, unconfirmed: giveUp });
    });
    const entry = picked as OutboxEntry | undefined;
    if (!entry) continue;
    if (entry.unconfirmed) {
      announce({ type: 'unconfirmed', entry });
      continue;
    }
    let response: SubmitResponse;
    // Only while a send is in flight: a beforeunload listener costs a page its back/forward cache.
    globalThis.addEventListener?.('beforeunload', leave);
    try {
      response = await post(sharedTransport(entry.baseUrl), entry.endpoint, entry.params, entry.body, { once: true });
    } catch (error) {
      if (error instanceof UnconfirmedError && !entry.unknowns && ENDPOINTS[entry.endpoint].resend) {
        // Left marked in flight: picked again, the store counts this send as unknown before
        // the one re-send a signup allows leaves.
        queue.push(entry);
        await sleep(backoff(1, RESEND_MS, RESEND_MS));
        continue;
      }
      const kept: OutboxEntry = { ...entry, sending: undefined };
      if (error instanceof UnconfirmedError) kept.unconfirmed = true;
      else if (isFinal(error)) kept.refused = { ...(error as Error), message: (error as Error).message };
      await store.set(id, kept);
      if (error instanceof OfflineError) return; // `online` resumes.
      if (error instanceof RateLimitedError) flushAt(error.resetAt.getTime());
      else if (kept.unconfirmed) announce({ type: 'unconfirmed', entry: kept });
      else if (kept.refused) announce({ type: 'failed', entry: kept });
      else {
        // A 503 or 408 (nothing taken), after the client's own retries: keep the entry and
        // try the others of this service later.
        unreachable.add(entry.baseUrl);
        retryLater();
      }
      continue;
    } finally {
      globalThis.removeEventListener?.('beforeunload', leave);
    }
    failures = 0;
    // Kept until a form of its target tells the visitor: this page may have none.
    const done: OutboxEntry = { ...entry, sending: undefined, delivered: response };
    await store.set(id, done);
    announce({ type: 'delivered', entry: done, response });
  }
}

async function withLock(task: () => Promise<void>): Promise<void> {
  // Web Locks exist in every current browser, but only in secure contexts. Without them the
  // claim still keeps two flushes from sending one entry at once, but an entry another tab
  // is sending that moment looks abandoned: a contact message then waits for the visitor
  // (never sent twice), a signup may go once more (an upsert).
  const locks = typeof navigator !== 'undefined' ? (navigator as Partial<Navigator>).locks : undefined;
  if (locks) await locks.request(NAME, task);
  else await task();
}

/** Keeps a submission durably until it is delivered. */
export async function enqueue<N extends PostEndpoint>(
  entry: Omit<OutboxEntry<N>, 'id' | 'queuedAt'>,
): Promise<OutboxEntry<N>> {
  // Strictly increasing within a page, so two submissions in one millisecond keep their order.
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  const full = { ...entry, id: randomId(), queuedAt: lastQueuedAt } as OutboxEntry<N>;
  await store.set(full.id, full);
  listen();
  // Queued after the client's own retries failed: give the service a moment first.
  flushAt(Date.now() + BACKOFF_FIRST_MS);
  return full;
}

/**
 * Takes the oldest entry waiting for the visitor (delivered, unconfirmed, or refused) for
 * which `match` holds: it leaves the outbox, in a transaction of its own so that only one
 * form of one tab gets it, and the caller tells the visitor or gives it back.
 */
export async function claim(match: (entry: OutboxEntry) => boolean): Promise<ClaimedEntry | undefined> {
  listen();
  for (const found of leaving ? [] : await pending()) {
    if (!forVisitor(found) || !match(found)) continue;
    let taken: OutboxEntry | undefined;
    await store.update<OutboxEntry>(found.id, (entry) => ((taken = forVisitor(entry) ? entry : undefined) ? undefined : entry));
    const back = taken as OutboxEntry | undefined;
    if (back) return { ...back, error: back.refused && revive(back.refused) };
  }
  return undefined;
}

/** Everything still waiting, oldest first, entries waiting for the visitor (delivered ones too) included. */
export async function pending(): Promise<OutboxEntry[]> {
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
      await withLock(sendAll);
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** Idempotent: flushes now, on every `online` event, and when a rate-limit wait ends. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  listen();
  flushAt(Date.now() + START_DELAY_MS);
}
