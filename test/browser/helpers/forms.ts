/**
 * Shared by the form suites: the remote stand-in, what the visitor reads, waiting for a
 * state or an event, filling and submitting a form the way a visitor would.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { Fault, LoggedRequest, StandInRecords } from './sandbox.js';
import { until, wait } from './dom.js';
export { browserName, expectAccessible, staysAt, wait } from './dom.js';

/**
 * A stand-in on another origin than the page, under `name` (one per suite and browser), for
 * the tests of the built bundle: `remote('stop')` closes its port, as the service going away.
 */
export const remoteStandIn = (name: string) => (action: 'start' | 'stop') =>
  executeServerCommand<{ url: string }, { action: string; name: string }>('remote-stand-in', { action, name });
const get = async <T>(url: string): Promise<T> => (await fetch(url, { cache: 'no-store' })).json() as Promise<T>;
/** What a sandbox of the remote stand-in stored. */
export const records = (base: string) => get<StandInRecords>(`${base}/__stand-in/records`);
/** The POSTs a sandbox of the remote stand-in received whose path contains `part`. */
export const posts = async (base: string, part: string) =>
  (await get<{ requests: LoggedRequest[] }>(`${base}/__stand-in/log`)).requests.filter(
    (r) => r.method === 'POST' && r.path.includes(part) && !r.path.includes('/__stand-in/'),
  );
/** Arms a fault (or several) in a sandbox of the remote stand-in. */
export async function arm(base: string, rule: Fault | Fault[]): Promise<void> {
  const response = await fetch(`${base}/__stand-in/faults`, { method: 'POST', body: JSON.stringify(rule) });
  expect(response.status, await response.clone().text()).to.equal(201);
}
/** A fresh sandbox of the service at `origin`. */
export const newBase = (origin: string) => `${origin}/__sandbox/${crypto.getRandomValues(new Uint32Array(2)).join('')}`;

/**
 * The status line as a sighted visitor reads it: the text shown in the status box, '' when
 * the box is hidden or has no size. It reads rendered text nodes (what an author slotted in,
 * or the element's own), so text that ended up in a comment, or in the screen-reader-only
 * announcer, does not count.
 */
export function seen(el: HTMLElement): string {
  const box = el.shadowRoot?.querySelector<HTMLElement>('[part="status"]');
  if (!box || box.hidden || box.getBoundingClientRect().height === 0) return '';
  const slot = box.querySelector('slot');
  const assigned = slot?.assignedNodes({ flatten: true }) ?? [];
  const nodes = assigned.length ? assigned : [...(slot ?? box).childNodes];
  return nodes
    .map((node) => (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE ? node.textContent : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Waits until the visitor reads text matching `pattern` in the status line; returns it. */
export async function untilSeen(el: HTMLElement, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  let text = '';
  await until(() => pattern.test((text = seen(el))), () => `the visitor to read ${pattern}; they read "${text}"`, timeoutMs);
  return text;
}

export function next<T = unknown>(target: EventTarget, type: string): Promise<CustomEvent<T>> {
  return new Promise((resolve) => target.addEventListener(type, (e) => resolve(e as CustomEvent<T>), { once: true }));
}

/** Resolves, once rendered, when the element reaches one of the states; returns the state. */
export async function untilState(el: HTMLElement & { updateComplete: Promise<boolean>; state: string }, ...states: string[]) {
  await until(() => states.includes(el.state), () => `${states.join(' or ')}; still ${el.state}`);
  await el.updateComplete;
  return el.state;
}

/** The parts of a form the suites read: its status box (as rendered), its button, a field. */
export const statusBox = (el: HTMLElement) => el.shadowRoot!.querySelector('[part="status"]') as HTMLElement;
export const submitButton = (el: HTMLElement) => el.querySelector('button[type="submit"]') as HTMLButtonElement;
export const field = (el: HTMLElement & { formElement: HTMLFormElement | null }, name: string) =>
  el.formElement!.elements.namedItem(name) as HTMLInputElement;

/** What the screen-reader announcer says once it has said something (or '' after 400 ms). */
export async function announced(el: HTMLElement): Promise<string> {
  const announcer = () => el.shadowRoot!.querySelector('[role="status"]') as HTMLElement;
  for (let i = 0; i < 40 && !announcer().textContent!.trim(); i++) await wait(10);
  return announcer().textContent!.trim();
}

/**
 * Whether `act` (a click, a requestSubmit) made the form send: a form that sends fires its
 * cancelable `<tag>-submit` at once, before anything leaves; a form that does not (busy, a
 * wait, the same data just answered) fires nothing.
 */
export function sends(el: HTMLElement, act: () => void): boolean {
  let fired = false;
  const seen = () => (fired = true);
  el.addEventListener(`${el.localName}-submit`, seen);
  try {
    act();
  } finally {
    el.removeEventListener(`${el.localName}-submit`, seen);
  }
  return fired;
}

/**
 * The visitor sends what the form holds again, after an answer that may change (an unknown
 * outcome, a 5xx): a click within a second of such an answer is the same intent as the one
 * before it (a double click) and sends nothing, so the visitor clicks until it sends.
 */
export async function submitAgain(el: HTMLElement & { formElement: HTMLFormElement | null }): Promise<void> {
  await until(() => sends(el, () => el.formElement!.requestSubmit()), 'the form to send again');
}

export function fill(form: HTMLFormElement, values: Record<string, string | boolean>): void {
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
    if (typeof value === 'boolean') (field as HTMLInputElement).checked = value;
    else field.value = value;
  }
}

export const uniqueEmail = (tag = 'ada') => `${tag}.${Math.random().toString(36).slice(2, 10)}@example.com`;

export function mount<T extends HTMLElement & { updateComplete: Promise<boolean> }>(
  tag: string,
  attrs: Record<string, string>,
  doc: Document = document,
): Promise<T> {
  const el = doc.createElement(tag) as T;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  doc.body.append(el);
  // From the script tag, the tag is defined once the loader has fetched its file.
  return doc.defaultView!.customElements.whenDefined(tag).then(async () => {
    await el.updateComplete;
    return el;
  });
}

/** An outbox entry as this origin's IndexedDB holds it (src/outbox/outbox.ts, `OutboxEntry`). */
export interface StoredEntry {
  body?: { email?: string };
  sending?: number;
  delivered?: unknown;
  unconfirmed?: boolean;
  refused?: unknown;
}

/** Sends a page began and wrote down in localStorage before its outbox could (src/outbox/outbox.ts, `stage`): kept, to be sent. */
function staged(): StoredEntry[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith('hub-kit:outbox:staged:'))
      .map((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as [number?, StoredEntry?])[1])
      .filter((entry): entry is StoredEntry => !!entry);
  } catch {
    return [];
  }
}

/**
 * The outbox entry of this page's origin with this address, as stored: what the outbox holds
 * and has not delivered, it may send later; what it does not hold, nothing of the kit sends
 * again by itself.
 */
export async function outboxEntry(email: string): Promise<StoredEntry | undefined> {
  const db = await new Promise<IDBDatabase | undefined>((resolve) => {
    const request = indexedDB.open('hub-kit-outbox');
    // No outbox yet: it is not made here (the kit makes it, with its store, when it first needs it).
    request.onupgradeneeded = () => request.transaction!.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
  // As the visitor sees it: an entry keeps the address as typed, invisible characters and all.
  const plain = (text: string) => text.replace(/\p{Cf}/gu, '');
  const find = (list: StoredEntry[]) => list.find((entry) => plain(entry?.body?.email ?? '') === plain(email));
  if (!db) return find(staged());
  try {
    if (!db.objectStoreNames.contains('entries')) return find(staged());
    const all = await new Promise<StoredEntry[]>((resolve, reject) => {
      const request = db.transaction('entries').objectStore('entries').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return find([...all, ...staged()]);
  } finally {
    db.close();
  }
}

/** Whether the outbox holds an entry with this address (see outboxEntry). */
export const outboxHolds = async (email: string): Promise<boolean> => !!(await outboxEntry(email));
