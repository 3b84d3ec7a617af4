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
