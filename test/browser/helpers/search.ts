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

/** Types `text` one character at a time, as keys would, and waits for the results of all of it. */
export async function typeAll(el: HubSearch, text: string): Promise<void> {
  const box = el.shadowRoot!.querySelector('input')!;
  box.focus();
  box.value = '';
  for (const ch of text) {
    box.value += ch;
    box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: ch, inputType: 'insertText' }));
  }
  await until(() => el.value === text && el.state === 'results', `results for "${text}"`);
  await el.updateComplete;
}
