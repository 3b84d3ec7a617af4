/**
 * The engines the bench compares, each in the configuration its documentation recommends
 * for searching documents as you type, and the scoring of their answers. Shared by the
 * browser page (timings and relevance) and the seeds run in Node (relevance only).
 */
import MiniSearch from 'minisearch';
import { Charset, Document } from 'flexsearch';
import Fuse from 'fuse.js';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { buildEngine } from '../src/search/engine.js';
import type { SearchEntry } from '../src/api/schema.js';
import { KINDS, type Kind, type Query } from './kinds.js';

export type Search = (q: string) => string[] | Promise<string[]>;
type Builder = (entries: SearchEntry[]) => Promise<Search> | Search;

/** Results asked of every engine: enough for hit@3, as many as a dropdown shows. */
export const LIMIT = 10;
const FIELDS = ['title', 'tags', 'excerpt'] as const;
const tagsText = (entry: SearchEntry) => (entry.tags ?? []).join(' ');

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
    for (const entry of entries) index.add({ id: entry.id, title: entry.title, tags: tagsText(entry), excerpt: entry.excerpt ?? '' });
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
      ],
      threshold: 0.6,
      ignoreLocation: true,
      useTokenSearch: true,
    });
    return (q) => fuse.search(q, { limit: LIMIT }).map((r) => r.item.id);
  },
  // Orama's full-text search with typo tolerance 1 and fields boosted as hub-kit boosts them.
  Orama: async (entries) => {
    const db = create({ schema: { id: 'string', title: 'string', tags: 'string', excerpt: 'string' } as const });
    await insertMultiple(db, entries.map((e) => ({ id: e.id, title: e.title, tags: tagsText(e), excerpt: e.excerpt ?? '' })));
    return async (q) => {
      const result = await oramaSearch(db, { term: q, properties: [...FIELDS], tolerance: 1, boost: { title: 4, tags: 2 }, limit: LIMIT });
      return result.hits.map((h) => String(h.id));
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
