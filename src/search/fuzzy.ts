/**
 * How far a query word may be from the index words it finds: the typos it forgives, the
 * slips and the other grammatical number it stands for, and the walk of the index's words
 * that finds those within reach. The engine (./engine.ts) decides what each is worth.
 */
import { finished, type Steps } from './steps.js';
import { isCjk } from './text.js';

/**
 * Typos forgiven in a query word, by its length as typed: none below 5 letters, one up to 8,
 * then two (as Meilisearch and Algolia count them). Numbers and CJK never fuzzy-match. A
 * 4-letter word forgives one more narrowly, as a whole word (the engine walks it itself).
 */
export function maxTypos(term: string): number {
  if (isCjk(term) || /^\d+$/.test(term)) return 0;
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/**
 * The other grammatical number of a word, formed the regular English way: "colors" for
 * "color", "story" for "stories", "boxes" for "box", and -es only after s, x, z, ch or sh:
 * "bates" is not "bat" plural, nor "Gottes" "Gott" plural.
 */
export function numberForms(term: string): string[] {
  if (!/^[a-z]{3,}$/.test(term)) return [];
  if (term.endsWith('ies')) return [term.slice(0, -3) + 'y', term.slice(0, -1)];
  if (/(s|x|z|ch|sh)es$/.test(term)) return [term.slice(0, -2), term.slice(0, -1)];
  if (term.endsWith('s')) return [term.endsWith('ss') ? term + 'es' : term.slice(0, -1)];
  return [term + (/(s|x|z|ch|sh)$/.test(term) ? 'es' : 's'), ...(term.endsWith('y') ? [term.slice(0, -1) + 'ies'] : [])];
}

/**
 * Walks the trie of index words with the Levenshtein table of `q` (a swap of two neighbours
 * counting as one edit), one row per trie level, and leaves a branch as soon as every cell
 * of its row is over `max`: the work is bounded by the edits allowed, not by the size of
 * the vocabulary. A different first letter costs one more edit. With `prefix`, a trie node
 * within `max` of the whole of `q` yields every word below it; without, the node's word
 * and its other number, where `has` says the index holds them.
 *
 * The trie is `sorted`, the index's words in order: the words below a prefix are one
 * contiguous range of it, so the trie costs no memory of its own. The walk keeps its own
 * stack, one level per letter, so that it can stop for the page every STEP_NODES nodes
 * and words found (`walkInSteps`); `walk` runs it straight through.
 */
export function walk(sorted: readonly string[], has: (word: string) => boolean, q: string, max: number, prefix: boolean, found: (word: string, cost: number) => void): void {
  finished(walkInSteps(sorted, has, q, max, prefix, found));
}

/** Trie nodes visited, and words found, between two steps of a walk. */
const STEP_NODES = 2048;

export function* walkInSteps(
  sorted: readonly string[],
  has: (word: string) => boolean,
  q: string,
  max: number,
  prefix: boolean,
  found: (word: string, cost: number) => void,
): Steps<void> {
  const m = q.length;
  const first = q.charCodeAt(0);
  const depth = m + max + 2;
  const rows = Array.from({ length: depth }, () => new Uint8Array(m + 1));
  for (let j = 0; j <= m; j++) rows[0]![j] = j;
  // For each level being walked: the first word of its next branch, where its words end,
  // and the extra cost of the path to it.
  const next = new Int32Array(depth);
  const end = new Int32Array(depth);
  const extras = new Uint8Array(depth);
  let work = 0;
  /** Takes the node of words `lo`..`hi` at level `d`; true when its branches are to be walked. */
  const enter = (lo: number, hi: number, d: number, extra: number): boolean => {
    const row = rows[d]!;
    const cost = row[m]! + extra;
    let least = cost;
    for (let j = 0; j < m; j++) if (row[j]! + extra < least) least = row[j]! + extra;
    if (cost <= max) {
      if (prefix) {
        for (let i = lo; i < hi; i++) found(sorted[i]!, cost);
        work += hi - lo;
      } else {
        // A whole word within reach, or its other number: "habbit" finds "habits".
        const stem = sorted[lo]!.slice(0, d);
        for (const word of [stem, ...numberForms(stem)]) if (has(word)) found(word, cost);
      }
      // Below a node already taken whole, only a cheaper match is news.
      if (prefix && least >= cost) return false;
    }
    if (least > max) return false;
    next[d] = sorted[lo]!.length === d ? lo + 1 : lo;
    end[d] = hi;
    extras[d] = extra;
    return true;
  };
  if (!sorted.length || !enter(0, sorted.length, 0, 0)) return;
  for (let d = 0; d >= 0; ) {
    const i = next[d]!;
    const hi = end[d]!;
    if (i >= hi) {
      d--;
      continue;
    }
    const word = sorted[i]!;
    const c = word.charCodeAt(d);
    // The range of words that go on with this letter: a binary search on it.
    let a = i + 1;
    let b = hi;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (sorted[mid]!.charCodeAt(d) <= c) a = mid + 1;
      else b = mid;
    }
    next[d] = a;
    const row = rows[d]!;
    const below = rows[d + 1]!;
    const before = rows[d - 1];
    const p = word.charCodeAt(d - 1);
    below[0] = d + 1;
    for (let j = 1; j <= m; j++) {
      const qc = q.charCodeAt(j - 1);
      let v = Math.min(row[j]! + 1, below[j - 1]! + 1, row[j - 1]! + (qc === c ? 0 : 1));
      if (before && j > 1 && qc === p && q.charCodeAt(j - 2) === c && before[j - 2]! + 1 < v) v = before[j - 2]! + 1;
      below[j] = v;
    }
    if (enter(i, a, d + 1, d === 0 && c !== first ? 1 : extras[d]!)) d++;
    if (++work >= STEP_NODES) {
      work = 0;
      yield;
    }
  }
}
