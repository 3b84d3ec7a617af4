/**
 * Runs in the bench's headless Chromium page: every engine, built and queried on the same
 * corpus in the same page, and the real <hub-search> element for keystroke timing.
 */
import '../components/hub-search/define.js';
import type { HubSearch } from '../components/hub-search/hub-search.js';
import type { SearchEntry } from '../src/api/schema.js';
import type { Kind, Query } from './kinds.js';
import { ENGINES, evaluate, type Search } from './engines.js';

interface State {
  /** The corpus loaded, by its name in the bench server's URLs. */
  name: string;
  entries: SearchEntry[];
  queries: Record<Kind, Query[]>;
  search?: Search;
}
const state: State = { name: '', entries: [], queries: {} as Record<Kind, Query[]> };

async function load(name: string): Promise<number> {
  const body = (await (await fetch(`/corpus/${name}.json`)).json()) as Omit<State, 'search' | 'name'>;
  state.name = name;
  state.entries = body.entries;
  state.queries = body.queries;
  state.search = undefined;
  return state.entries.length;
}

async function build(name: string): Promise<number> {
  const start = performance.now();
  state.search = await ENGINES[name]!(state.entries, { pagefind: `/pagefind/${state.name}/` });
  return performance.now() - start;
}

function drop(): void {
  state.search = undefined;
}

async function run() {
  const search = state.search!;
  // Warm up first, so every engine is measured optimised rather than on its first calls.
  for (const list of Object.values(state.queries)) for (const { q } of list.slice(0, 3)) await search(q);
  return evaluate(search, state.queries);
}

// ---- keystroke to results, on the real element -------------------------------------

let element: HubSearch | undefined;
const keystrokes: number[] = [];
let pressedAt: number | undefined;

async function mountElement(tenant: string, baseUrl: string): Promise<void> {
  element?.remove();
  element = document.createElement('hub-search');
  element.setAttribute('tenant', tenant);
  element.setAttribute('base-url', baseUrl);
  element.setAttribute('limit', '8');
  const ready = new Promise((resolve) => element!.addEventListener('hub-search-ready', resolve, { once: true }));
  document.body.append(element);
  // Keydown on the host (retargeted from the shadow input) starts the clock ...
  element.addEventListener('keydown', (event) => {
    pressedAt = event.timeStamp;
  }, true);
  // ... and the results being in the DOM and laid out stops it.
  element.addEventListener('hub-search-results', () => {
    if (pressedAt === undefined) return;
    element!.shadowRoot!.querySelector('[role="listbox"]')!.getBoundingClientRect();
    keystrokes.push(performance.now() - pressedAt);
    pressedAt = undefined;
  });
  element.focus();
  const failed = new Promise((_, reject) =>
    element!.addEventListener('hub-search-error', (e) => reject(new Error(`index load failed: ${e.detail.error.message}`)), { once: true }),
  );
  const stuck = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`index not ready after 60 s: state ${element!.state}, busy ${element!.busy}`)), 60_000),
  );
  await Promise.race([ready, failed, stuck]);
  // Timed as a visitor's page runs it: searched in its worker, not on the page's thread.
  const where = (element as unknown as { _engine?: { where: string } })._engine?.where;
  if (where !== 'worker') throw new Error(`<hub-search> searches on the ${where ?? 'unknown'} thread, not in its worker`);
  keystrokes.length = 0;
}

function clearElement(): void {
  const input = element!.shadowRoot!.querySelector('input')!;
  input.value = '';
  element!.value = '';
  pressedAt = undefined;
  input.focus();
}

/** The keystroke times so far, and starts a new list. */
function takeKeystrokes(): number[] {
  return keystrokes.splice(0);
}

Object.assign(globalThis, { bench: { load, build, drop, run, mountElement, clearElement, takeKeystrokes, engines: Object.keys(ENGINES) } });
