/** What the search suites share: mounting a ready `<hub-search>` and typing into it as keys would. */
import type { HubSearch } from '../../../components/hub-search/hub-search.js';
import '../../../components/hub-search/define.js';
import { mountTag, until } from './dom.js';

/** Mounts `<hub-search>` for `tenant` and waits for its index to be built. */
export async function mountReady(tenant: string, baseUrl: string, mounted: Element[]): Promise<HubSearch> {
  const el = mountTag<HubSearch>('hub-search', { tenant, 'base-url': baseUrl }, mounted);
  await el.updateComplete;
  const ready = new Promise((resolve) => el.addEventListener('hub-search-ready', resolve, { once: true }));
  el.shadowRoot!.querySelector('input')!.focus();
  await ready;
  return el;
}

/**
 * Types `text` one character at a time, as keys would, and waits for the results of all of
 * it: the results event for that query (they come from the search worker, after the rows of
 * the letters before have shown).
 */
export async function typeAll(el: HubSearch, text: string): Promise<void> {
  const box = el.shadowRoot!.querySelector('input')!;
  let answered = false;
  const listen = (event: Event) => (answered ||= (event as CustomEvent<{ query: string }>).detail.query === text);
  el.addEventListener('hub-search-results', listen);
  try {
    box.focus();
    box.value = '';
    for (const ch of text) {
      box.value += ch;
      box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: ch, inputType: 'insertText' }));
    }
    await until(() => answered && el.state === 'results', `results for "${text}"`);
  } finally {
    el.removeEventListener('hub-search-results', listen);
  }
  await el.updateComplete;
}
