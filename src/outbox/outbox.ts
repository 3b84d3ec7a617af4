/**
 * The outbox: submissions made while the browser was offline, which therefore never left
 * it, kept in IndexedDB until they are sent, once.
 *
 * Once across tabs: every flush runs under one Web Lock for the origin, and inside it each
 * entry is read again just before it is sent, because the tab that held the lock before may
 * have sent it. An entry leaves the store when the service has answered it: delivered (2xx)
 * or refused for good (422, 404, another 4xx, a redirect). When a send's outcome is unknown
 * (no answer: a timeout, a dropped connection), the entry is marked unconfirmed and never
 * sent again by itself: a form of the same target takes it back, fills itself in with it
 * and lets the visitor decide (`claim`).
 */
import { post } from '../api/calls.js';
import type { EndpointParams } from '../api/endpoints.js';
import { ConfigError, HttpError, HubError, OfflineError, RateLimitedError, RedirectError, UnconfirmedError, ValidationError } from '../api/errors.js';
import type { ContactBody, SignupBody, SubmitResponse } from '../api/schema.js';
import type { PostEndpoint } from '../api/transport.js';
import { sharedTransport } from '../api/transport.js';
import { openStore } from '../cache/store.js';

export interface OutboxEntry<N extends PostEndpoint = PostEndpoint> {
  id: string;
  baseUrl: string;
  endpoint: N;
  params: EndpointParams[N];
  body: N extends 'contact' ? ContactBody : SignupBody;
  queuedAt: number;
  /** Sent, but whether it arrived is unknown: it waits for the visitor, never sent by itself. */
  unconfirmed?: boolean;
}

export interface DeliveredDetail {
  entry: OutboxEntry;
  response: SubmitResponse;
}
export interface FailedDetail {
  entry: OutboxEntry;
  /** A final answer (422, 404): the entry is removed and will not be sent again. */
  error: Error;
}

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

const store = openStore('hub-kit-outbox', 'entries');

type Message =
  | { type: 'delivered' | 'unconfirmed'; entry: OutboxEntry; response?: SubmitResponse }
  | { type: 'failed'; entry: OutboxEntry; error: { name: string; message: string; status?: number; fieldErrors?: Record<string, string[]> } };

let channel: BroadcastChannel | null | undefined;
let listening = false;
let started = false;
let running: Promise<void> | undefined;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;
let failures = 0;
let lastQueuedAt = 0;

function randomId(): string {
  // randomUUID exists only in secure contexts; an http page of a site may still embed us.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function emit(message: Message): void {
  const detail = message.type === 'failed' ? { entry: message.entry, error: revive(message.error) } : message;
  outboxEvents.dispatchEvent(new CustomEvent(message.type, { detail }));
}

/** Errors do not survive structured cloning with their class; rebuild the ones elements test for. */
function revive(error: Extract<Message, { type: 'failed' }>['error']): Error {
  if (error.name === 'ValidationError') return new ValidationError(error.message, error.fieldErrors ?? {});
  if (error.name === 'HttpError') return new HttpError(error.status ?? 0, error.message, undefined);
  const revived = new HubError(error.message);
  revived.name = error.name;
  return revived;
}

function tabs(): BroadcastChannel | undefined {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(NAME) : null;
    if (channel) channel.onmessage = (event: MessageEvent<Message>) => emit(event.data);
  }
  return channel ?? undefined;
}

function announce(message: Message): void {
  emit(message);
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
  if (typeof window !== 'undefined') window.addEventListener('online', kick);
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
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** failures);
  failures++;
  // Jitter, so many visitors coming back online do not all knock at once.
  flushAt(Date.now() + step / 2 + Math.random() * (step / 2));
}

/** The service's own answer that the submission will never be accepted as it is. */
function isFinal(error: unknown): boolean {
  if (error instanceof ValidationError || error instanceof ConfigError || error instanceof RedirectError) return true;
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408;
}

function describe(error: unknown): Extract<Message, { type: 'failed' }>['error'] {
  const e = error as Partial<HttpError & ValidationError>;
  return {
    name: e.name ?? 'Error',
    message: e.message ?? String(error),
    status: typeof e.status === 'number' ? e.status : undefined,
    fieldErrors: e.fieldErrors,
  };
}

async function sendAll(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // `online` resumes.
  const unreachable = new Set<string>();
  for (const { id, baseUrl } of await pending()) {
    if (unreachable.has(baseUrl)) continue;
    const entry = await store.get<OutboxEntry>(id);
    // Sent by the tab that held the lock before this one, or waiting for the visitor.
    if (!entry || entry.unconfirmed) continue;
    let response: SubmitResponse;
    try {
      response = await post(sharedTransport(entry.baseUrl), entry.endpoint, entry.params, entry.body);
    } catch (error) {
      if (error instanceof OfflineError) return; // `online` resumes.
      if (error instanceof RateLimitedError) {
        flushAt(error.resetAt.getTime());
      } else if (error instanceof UnconfirmedError) {
        const kept = { ...entry, unconfirmed: true };
        await store.set(id, kept);
        announce({ type: 'unconfirmed', entry: kept });
      } else if (isFinal(error)) {
        await store.del(id);
        announce({ type: 'failed', entry, error: describe(error) });
      } else {
        // A 5xx the service answered (nothing taken): the client has already retried; keep
        // the entry and try the others of this service later.
        unreachable.add(entry.baseUrl);
        retryLater();
      }
      continue;
    }
    failures = 0;
    await store.del(id);
    announce({ type: 'delivered', entry, response });
  }
}

async function withLock(task: () => Promise<void>): Promise<void> {
  // Web Locks exist in every current engine, but only in secure contexts. Without them,
  // re-reading each entry before sending still keeps most duplicates out.
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
 * Takes back the oldest unconfirmed entry for which `match` holds: it leaves the outbox, and
 * the caller (a form) offers it to the visitor to send again.
 */
export async function claim(match: (entry: OutboxEntry) => boolean): Promise<OutboxEntry | undefined> {
  const entry = (await pending()).find((e) => e.unconfirmed && match(e));
  if (entry) await store.del(entry.id);
  return entry;
}

/** Everything still waiting, oldest first, unconfirmed entries included. */
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
