/**
 * Runs in the bench's headless Chromium page: every engine, built and queried on the same
 * corpus in the same page, and the real <hub-search> element for keystroke timing.
 */
import MiniSearch from 'minisearch';
import FlexSearch from 'flexsearch';
import Fuse from 'fuse.js';
import { buildEngine } from '../src/search/engine.js';
import '../components/hub-search/define.js';
import type { HubSearch } from '../components/hub-search/hub-search.js';
import type { SearchEntry } from '../src/api/schema.js';
import type { Query, QuerySet } from './corpus.js';

type Search = (q: string) => string[];
type Builder = (entries: SearchEntry[]) => Promise<Search> | Search;

const LIMIT = 10;
const FIELDS = ['title', 'tags', 'excerpt'];
const extractField = (doc: SearchEntry, field: string) =>
  field === 'tags' ? (doc.tags ?? []).join(' ') : ((doc as Record<string, unknown>)[field] as string);

export const ENGINES: Record<string, Builder> = {
  'hub-kit': async (entries) => {
    const engine = await buildEngine(entries);
    return (q) => engine.search(q, { limit: LIMIT }).hits.map((h) => h.entry.id);
  },
  'MiniSearch (defaults)': (entries) => {
    const ms = new MiniSearch<SearchEntry>({ fields: FIELDS, extractField });
    ms.addAll(entries);
    return (q) => ms.search(q).slice(0, LIMIT).map((r) => String(r.id));
  },
  // What a developer tunes first: field boosts, prefix and fuzzy matching, every word required.
  'MiniSearch (tuned)': (entries) => {
    const ms = new MiniSearch<SearchEntry>({
      fields: FIELDS,
      extractField,
      searchOptions: { boost: { title: 4, tags: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
    });
    ms.addAll(entries);
    return (q) => ms.search(q).slice(0, LIMIT).map((r) => String(r.id));
  },
  FlexSearch: (entries) => {
    const index = new FlexSearch.Document({
      document: { id: 'id', index: FIELDS },
      tokenize: 'forward',
    } as never);
    for (const entry of entries) index.add({ ...entry, tags: (entry.tags ?? []).join(' ') } as never);
    return (q) => {
      // One list per field; merged in field order, title first, as its docs suggest.
      const byField = index.search(q, { limit: LIMIT } as never) as unknown as Array<{ field: string; result: string[] }>;
      const seen = new Set<string>();
      for (const field of FIELDS) for (const id of byField.find((r) => r.field === field)?.result ?? []) seen.add(String(id));
      return [...seen].slice(0, LIMIT);
    };
  },
  'Fuse.js': (entries) => {
    const fuse = new Fuse(entries, {
      keys: [
        { name: 'title', weight: 4 },
        { name: 'tags', weight: 2 },
        { name: 'excerpt', weight: 1 },
      ],
      ignoreLocation: true,
    });
    return (q) => fuse.search(q, { limit: LIMIT }).map((r) => r.item.id);
  },
};

interface State {
  entries: SearchEntry[];
  queries: Record<QuerySet, Query[]>;
  search?: Search;
}
const state: State = { entries: [], queries: { exact: [], typo: [], prefix: [], none: [] } };

async function load(size: number): Promise<number> {
  const body = (await (await fetch(`/corpus/${size}.json`)).json()) as Omit<State, 'search'>;
  state.entries = body.entries;
  state.queries = body.queries;
  state.search = undefined;
  return state.entries.length;
}

async function build(name: string): Promise<number> {
  const start = performance.now();
  state.search = await ENGINES[name]!(state.entries);
  return performance.now() - start;
}

function drop(): void {
  state.search = undefined;
}

/** Runs every query set; `max` caps queries per set for engines that scan every entry. */
function run(max: number): { times: number[]; relevance: Record<QuerySet, { hit1: number; hit10: number; mrr: number; n: number }> } {
  const search = state.search!;
  // Warm up first, so every engine is measured optimised rather than on its first calls.
  for (const list of Object.values(state.queries)) for (const { q } of list.slice(0, Math.min(3, max))) search(q);
  const times: number[] = [];
  const relevance = {} as Record<QuerySet, { hit1: number; hit10: number; mrr: number; n: number }>;
  for (const [set, list] of Object.entries(state.queries) as Array<[QuerySet, Query[]]>) {
    let hit1 = 0;
    let hit10 = 0;
    let mrr = 0;
    const used = list.slice(0, max);
    for (const { q, target } of used) {
      const start = performance.now();
      const ids = search(q);
      times.push(performance.now() - start);
      if (target === undefined) {
        // The no-match set: the right answer is an empty list.
        const right = ids.length === 0 ? 1 : 0;
        hit1 += right;
        hit10 += right;
        mrr += right;
        continue;
      }
      const rank = ids.indexOf(target);
      if (rank === 0) hit1++;
      if (rank >= 0 && rank < 10) {
        hit10++;
        mrr += 1 / (rank + 1);
      }
    }
    const n = used.length || 1;
    relevance[set] = { hit1: hit1 / n, hit10: hit10 / n, mrr: mrr / n, n: used.length };
  }
  return { times, relevance };
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
    setTimeout(() => reject(new Error(`index not ready after 20 s: state ${element!.state}, busy ${element!.busy}`)), 20_000),
  );
  await Promise.race([ready, failed, stuck]);
  keystrokes.length = 0;
}

function clearElement(): void {
  const input = element!.shadowRoot!.querySelector('input')!;
  input.value = '';
  element!.value = '';
  pressedAt = undefined;
  input.focus();
}

function keystrokeTimes(): number[] {
  return [...keystrokes];
}

Object.assign(globalThis, { bench: { load, build, drop, run, mountElement, clearElement, keystrokeTimes, engines: Object.keys(ENGINES) } });
