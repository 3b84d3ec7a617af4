/**
 * The engines the bench compares, each in the configuration its documentation recommends
 * for searching documents as you type, and the scoring of their answers. Shared by the
 * browser page (timings and relevance) and the seeds run in Node (relevance only). Every
 * engine indexes the same fields: title, tags, excerpt and, where an entry has one, its
 * content.
 */
import MiniSearch from 'minisearch';
import { Charset, Document } from 'flexsearch';
import Fuse from 'fuse.js';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { buildEngine } from '../src/search/engine.js';
import type { SearchEntry } from '../src/api/schema.js';
import { KINDS, type Kind, type Query } from './kinds.js';

export type Search = (q: string) => string[] | Promise<string[]>;
export interface BuildContext {
  /** Where this corpus's Pagefind bundle is served (indexed beforehand in Node by bench/pagefind.ts). */
  pagefind?: string;
}
type Builder = (entries: SearchEntry[], context: BuildContext) => Promise<Search> | Search;

/** Results asked of every engine: enough for hit@3, as many as a dropdown shows. */
export const LIMIT = 10;
const FIELDS = ['title', 'tags', 'excerpt', 'content'] as const;
const tagsText = (entry: SearchEntry) => (entry.tags ?? []).join(' ');

interface PagefindModule {
  options(o: object): Promise<void>;
  init(): Promise<void>;
  search(q: string): Promise<{ results: Array<{ data(): Promise<{ url: string }> }> }>;
}
let pagefinds = 0;
/**
 * A fresh instance of Pagefind's search script from `base`, so that each build starts cold:
 * imported from its URL in a browser; in Node, which imports no http: module, from its text.
 */
async function importPagefind(base: string): Promise<PagefindModule> {
  const n = ++pagefinds;
  if (typeof document !== 'undefined') return (await import(/* @vite-ignore */ `${base}pagefind.js?instance=${n}`)) as PagefindModule;
  const text = await (await fetch(`${base}pagefind.js`)).text();
  return (await import(`data:text/javascript,${encodeURIComponent(`${text}\n// ${n}`)}`)) as PagefindModule;
}

export const ENGINES: Record<string, Builder> = {
  'hub-kit': async (entries) => {
    const engine = await buildEngine(entries);
    return (q) => engine.search(q, { limit: LIMIT }).hits.map((h) => h.entry.id);
  },
  // Its README's search options: any word (OR, the default), prefix and fuzzy 0.2, fields
  // boosted as hub-kit boosts them (title 4, tags 2: better for it than its example's title 2).
  MiniSearch: (entries) => {
    const ms = new MiniSearch<SearchEntry>({
      fields: [...FIELDS],
      extractField: (doc, field) => (field === 'tags' ? tagsText(doc) : ((doc as unknown as Record<string, string>)[field] ?? '')),
      searchOptions: { boost: { title: 4, tags: 2 }, prefix: true, fuzzy: 0.2 },
    });
    ms.addAll(entries);
    return (q) => ms.search(q).slice(0, LIMIT).map((r) => String(r.id));
  },
  // A document index with the forward tokenizer (prefixes), its balanced Latin encoder (its
  // phonetic typo tolerance) and suggestions (partial matches), results merged across fields.
  FlexSearch: (entries) => {
    const index = new Document({
      encoder: Charset.LatinBalance,
      document: { id: 'id', index: FIELDS.map((field) => ({ field, tokenize: 'forward' as const })) },
    } as never) as unknown as { add(doc: object): void; search(q: string, o: object): Array<{ id: string }> };
    for (const entry of entries) index.add({ id: entry.id, title: entry.title, tags: tagsText(entry), excerpt: entry.excerpt ?? '', content: entry.content ?? '' });
    return (q) => index.search(q, { limit: LIMIT, suggest: true, merge: true }).map((r) => String(r.id)).slice(0, LIMIT);
  },
  // Token search (its recommendation for multi-word document search), the documented default
  // threshold 0.6, location ignored so a word counts anywhere in a field, weighted keys.
  'Fuse.js': (entries) => {
    const fuse = new Fuse(entries, {
      keys: [
        { name: 'title', weight: 4 },
        { name: 'tags', weight: 2 },
        { name: 'excerpt', weight: 1 },
        { name: 'content', weight: 1 },
      ],
      threshold: 0.6,
      ignoreLocation: true,
      useTokenSearch: true,
    });
    return (q) => fuse.search(q, { limit: LIMIT }).map((r) => r.item.id);
  },
  // Orama's full-text search with typo tolerance 1 and fields boosted as hub-kit boosts them.
  Orama: async (entries) => {
    const db = create({ schema: { id: 'string', title: 'string', tags: 'string', excerpt: 'string', content: 'string' } as const });
    await insertMultiple(db, entries.map((e) => ({ id: e.id, title: e.title, tags: tagsText(e), excerpt: e.excerpt ?? '', content: e.content ?? '' })));
    return async (q) => {
      const result = await oramaSearch(db, { term: q, properties: [...FIELDS], tolerance: 1, boost: { title: 4, tags: 2 }, limit: LIMIT });
      return result.hits.map((h) => String(h.id));
    };
  },
  // Pagefind's own search script over the bundle its binary wrote (see bench/pagefind.ts),
  // with its default ranking; a result's URL is loaded as its UI loads it, top results only.
  // On the page's thread (its documented `noWorker`), as every engine here runs, so that its
  // time and memory are measured where the others' are.
  Pagefind: async (entries, { pagefind: base }) => {
    if (!base) throw new Error('Pagefind searches a bundle indexed beforehand: no bundle URL given');
    const pagefind = await importPagefind(base);
    await pagefind.options({ basePath: base, noWorker: true });
    await pagefind.init();
    return async (q) => {
      const { results } = await pagefind.search(q);
      const pages = await Promise.all(results.slice(0, LIMIT).map((r) => r.data()));
      return pages.map((p) => entries[Number(/\/e\/(\d+)\/$/.exec(p.url)?.[1])]?.id ?? p.url);
    };
  },
};

export interface Cell {
  hit1: number;
  hit3: number;
  n: number;
}
export type Relevance = Record<Kind, Cell>;

/** Runs every query; returns hit@1 and hit@3 per kind (for "no match": the share answered with nothing) and each query's time. */
export async function evaluate(search: Search, queries: Record<Kind, Query[]>): Promise<{ relevance: Relevance; times: number[] }> {
  const times: number[] = [];
  const relevance = {} as Relevance;
  for (const kind of KINDS) {
    let hit1 = 0;
    let hit3 = 0;
    for (const { q, targets } of queries[kind]) {
      const start = performance.now();
      const ids = await search(q);
      times.push(performance.now() - start);
      if (!targets.length) {
        const right = ids.length === 0 ? 1 : 0;
        hit1 += right;
        hit3 += right;
        continue;
      }
      const rank = ids.findIndex((id) => targets.includes(id));
      if (rank === 0) hit1++;
      if (rank >= 0 && rank < 3) hit3++;
    }
    const n = queries[kind].length;
    relevance[kind] = { hit1: hit1 / (n || 1), hit3: hit3 / (n || 1), n };
  }
  return { relevance, times };
}
