/** Small helpers every browser suite may use: axe, waiting for a condition, mounting. */
import { expect } from 'chai';
import type AxeCore from 'axe-core';
// axe-core ships as a UMD script: loaded for its side effect, it sets window.axe.
import 'axe-core/axe.js';

export const axe = (globalThis as unknown as { axe: typeof AxeCore }).axe;

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** axe finds no violation in `el`, shadow roots included; the message lists what it found. */
export async function expectAccessible(el: Element): Promise<void> {
  const result = await axe.run(el, { resultTypes: ['violations'] });
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, summary.join('\n')).to.deep.equal([]);
}

/**
 * Polls `check` (which may ask the service) until it holds, or fails naming `what`: the one
 * way the browser suites wait for a condition. `what` may be a function, to describe the
 * state at the moment the wait gave up. Generous, for a loaded machine: a search index
 * fetched and built, then searched, took over 10 s in Firefox beside every other suite.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs = 30_000,
): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await wait(20);
  }
}

/** Creates `<tag>` with attributes (true: present and empty), appends it and records it in `mounted`. */
export function mountTag<T extends Element>(tag: string, attrs: Record<string, string | true>, mounted: Element[]): T {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value === true ? '' : value);
  document.body.append(el);
  mounted.push(el);
  return el as unknown as T;
}

/** Which browser runs the test, for names that must differ between browsers running at once. */
export function browserName(): 'chromium' | 'firefox' | 'webkit' {
  const ua = navigator.userAgent;
  if (/Firefox\//.test(ua)) return 'firefox';
  if (/Chrome\//.test(ua)) return 'chromium';
  return 'webkit';
}

/**
 * For "sends nothing" checks, after the test has waited for an observable end state (an
 * event, a state, a rendered message): `count` must read `expected` at once and keep reading
 * it for `windowMs`, polled, so a request sent late is caught too. Two seconds outlast every
 * timer of the kit that could follow such a state: the client's retry backoff (0.2–0.8 s),
 * the outbox's first flush (0.2 s), a form's "still trying" notice; the outbox's retry
 * timers (5 s and up) run only for entries a test has queued, and those tests say so.
 */
export async function staysAt(count: () => Promise<number>, expected: number, what: string, windowMs = 2000): Promise<void> {
  const end = performance.now() + windowMs;
  do {
    expect(await count(), what).to.equal(expected);
    await wait(100);
  } while (performance.now() < end);
  expect(await count(), what).to.equal(expected);
}
