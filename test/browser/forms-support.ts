/**
 * Shared by the form tests: axe, waiting for events, filling and submitting a form the way
 * a visitor would.
 */
import { expect } from 'chai';
export { engine, expectAccessible } from './helpers/dom.js';

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));



export function next<T = unknown>(target: EventTarget, type: string): Promise<CustomEvent<T>> {
  return new Promise((resolve) => target.addEventListener(type, (e) => resolve(e as CustomEvent<T>), { once: true }));
}

/** Resolves when the element reaches one of the states (checked after each update). */
export async function until(el: HTMLElement & { updateComplete: Promise<boolean>; state: string }, ...states: string[]) {
  for (let i = 0; i < 400; i++) {
    if (states.includes(el.state)) {
      await el.updateComplete;
      return el.state;
    }
    await wait(25);
  }
  throw new Error(`still ${el.state}, expected ${states.join(' or ')}`);
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
  return el.updateComplete.then(() => el);
}
