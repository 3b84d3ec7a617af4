/**
 * Engines built per index array. Two search boxes on a page get the same array from the
 * cache, so they share one build instead of indexing the same entries twice; a build that
 * fails is forgotten, so the next asks again.
 */
import type { SearchEntry } from '../api/schema.js';
import { buildEngine, type SearchEngine } from './engine.js';

const engines = new WeakMap<readonly SearchEntry[], Promise<SearchEngine>>();

export function engineFor(entries: readonly SearchEntry[]): Promise<SearchEngine> {
  let engine = engines.get(entries);
  if (!engine) {
    engines.set(entries, (engine = buildEngine(entries)));
    engine.catch(() => engines.delete(entries));
  }
  return engine;
}
