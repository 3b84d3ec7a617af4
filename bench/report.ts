/**
 * Shared by the bench's runs: where results are written, the checks on relevance, and
 * number formatting.
 */
import { fileURLToPath } from 'node:url';
import { KINDS, type Corpus, type Kind } from './corpus.js';
import type { Relevance } from './engines.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** Bench output goes here, outside git, so a run leaves the tree clean; `npm run bench -- readme` copies it into the README. */
export const RESULTS = `${root}bench/results/`;
/** The kinds with a right entry to find: every kind but "no match". */
export const FINDING_KINDS = KINDS.filter((k) => k !== 'none');

/**
 * Fuse.js compares the query with every entry, and within an entry every word of its text: a
 * few hundred ms per query at a few thousand entries or a few MB of text. Past these its
 * full query set would take the bench tens of minutes, so it is left out there rather than
 * scored on a handful of queries.
 */
const FUSE_MAX_ENTRIES = 5000;
const FUSE_MAX_CHARS = 1_000_000;
export function fuseRuns(corpus: Corpus): boolean {
  let chars = 0;
  for (const e of corpus.entries) chars += e.title.length + (e.excerpt?.length ?? 0) + (e.content?.length ?? 0);
  return corpus.entries.length <= FUSE_MAX_ENTRIES && chars <= FUSE_MAX_CHARS;
}

export const f2 = (n: number) => n.toFixed(2);
export const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(0));
export const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? NaN;
export const pct = (list: number[], p: number) => {
  if (!list.length) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The kinds where `hub` is behind `peer` on hit@1 or hit@3. */
export function behind(hub: Relevance, peer: Relevance): Kind[] {
  return KINDS.filter((k) => hub[k].hit1 < peer[k].hit1 - 1e-9 || hub[k].hit3 < peer[k].hit3 - 1e-9);
}

/** hit@1 over every query that has a right entry to find. */
export function overallHit1(r: Relevance): number {
  let hits = 0;
  let n = 0;
  for (const k of FINDING_KINDS) {
    hits += r[k].hit1 * r[k].n;
    n += r[k].n;
  }
  return hits / (n || 1);
}
