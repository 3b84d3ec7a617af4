/**
 * The search engine behind `<hub-search>`: a compact inverted index with BM25F ranking
 * (title above tags above excerpt), the last word matched as a prefix while typing, typo
 * tolerance for longer words, and text folded and CJK-bigrammed by ./text.ts.
 *
 * It started as a tuned MiniSearch and replaced it because it ranks at least as well on
 * every query set of `npm run bench` while costing about a third of its bytes, which is
 * what keeps `<hub-search>` inside its size budget. The rest of the kit sees only
 * `buildEngine` and `SearchEngine`, so the index behind them can change again.
 */
import type { SearchEntry } from '../api/schema.js';
import { isCjk, tokenize } from './text.js';

export type { SearchEntry };

export interface Hit {
  entry: SearchEntry;
  score: number;
  /** Index terms the query matched (typo and prefix expansions included): what to highlight. */
  terms: string[];
}

export interface QueryOptions {
  /** Most hits returned. Default 10. */
  limit?: number;
  /** Only entries of these types; empty or absent means every type. */
  types?: readonly string[];
  /** The visitor is still typing: the last word is matched as a prefix. Default true. */
  typing?: boolean;
}

export interface Results {
  hits: Hit[];
  /** Every matching entry, before `limit`. */
  total: number;
  /** The folded query terms. */
  terms: string[];
}

export interface SearchEngine {
  readonly size: number;
  search(query: string, options?: QueryOptions): Results;
}

export interface BuildOptions {
  /** Stops a build that is no longer wanted (the element was removed, new data came). */
  signal?: AbortSignal;
  /** Longest stretch of work between two yields to the page. Default 8 ms. */
  sliceMs?: number;
}

/** Field boosts: a word in the title counts above a tag, a tag above the excerpt. */
export const BOOST = { title: 4, tags: 2, excerpt: 1 } as const;

/** Typo tolerance by word length: none below 5 letters, one edit up to 8, then two. */
export function maxTypos(term: string): number {
  if (isCjk(term) || /^\d+$/.test(term)) return 0;
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

// BM25 constants, the usual ones.
const K1 = 1.2;
const B = 0.75;
/** Weight of a prefix expansion ("typ" -> "typescript") and of a typo match, against 1 for exact. */
const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.45;
/**
 * A short prefix of a big index ("co" in 50 000 entries) expands to hundreds of words; past
 * this many postings the rarest expansions are left out, which keeps a keystroke within a
 * frame and costs nothing visible: the next letter narrows the prefix anyway.
 */
const PREFIX_POSTINGS = 30_000;

/*
 * A posting is one number: entry index * 2^14, then term frequency in the title (4 bits),
 * the tags (4 bits) and the excerpt (6 bits). One small integer per posting keeps 50 000
 * entries to a few MB where an object per posting would take tens.
 */
const SHIFT = 16384;

/** Edit distance of a and b, or max + 1 once it is sure to exceed max. */
function distance(a: string, b: string, max: number, row: Uint8Array): number {
  const n = b.length;
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const up = row[j]!;
      const value = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      row[j] = value;
      diag = up;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
  }
  return row[n]!;
}

/** Where each field's term frequency sits in a posting, and its largest value. */
const SHIFTS = [10, 6, 0];
const CAPS = [15, 15, 63];
const BOOSTS = [BOOST.title, BOOST.tags, BOOST.excerpt];

/** Indexes entries one at a time (so a build can yield between slices), then answers queries. */
function indexer(entries: readonly SearchEntry[]): { add(n: number): void; finish(): SearchEngine } {
  const postings = new Map<string, number[]>();
  /** Field lengths in terms, three per entry. */
  const lengths = new Uint16Array(entries.length * 3);
  const totals = [0, 0, 0];
  const counts = new Map<string, number>();

  function add(n: number): void {
    const entry = entries[n]!;
    counts.clear();
    [entry.title, entry.tags?.join(' '), entry.excerpt].forEach((text, f) => {
      if (!text) return;
      const terms = tokenize(text);
      const length = Math.min(terms.length, 65535);
      lengths[n * 3 + f] = length;
      totals[f]! += length;
      const shift = SHIFTS[f]!;
      const cap = CAPS[f]!;
      for (const term of terms) {
        const packed = counts.get(term) ?? 0;
        if (((packed >> shift) & cap) < cap) counts.set(term, packed + (1 << shift));
      }
    });
    for (const [term, packed] of counts) {
      const list = postings.get(term);
      const posting = n * SHIFT + packed;
      if (list) list.push(posting);
      else postings.set(term, [posting]);
    }
  }

  function finish(): SearchEngine {
    const n = entries.length;
    const average = totals.map((total) => total / Math.max(1, n) || 1);
    /** Every term, sorted, for prefix ranges. */
    const sorted = [...postings.keys()].sort();
    /** Terms by length, for typo candidates. */
    const byLength: string[][] = [];
    for (const term of sorted) (byLength[term.length] ??= []).push(term);
    const scores = new Float64Array(n);
    const termScores = new Float64Array(n);
    const stamps = new Uint32Array(n);
    const matched = new Uint8Array(n);
    const row = new Uint8Array(256);
    let stamp = 0;
    /** Expansions of recent query terms: typing "typescr" then "typescri" reuses the work. */
    const expansions = new Map<string, Array<[string, number]>>();

    /** The index terms a query term stands for, each with its weight. */
    function expand(term: string, prefix: boolean): Array<[string, number]> {
      const key = (prefix ? '>' : '=') + term;
      const cached = expansions.get(key);
      if (cached) return cached;
      const out: Array<[string, number]> = [];
      if (postings.has(term)) out.push([term, 1]);
      if (prefix) {
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (sorted[mid]! < term) lo = mid + 1;
          else hi = mid;
        }
        const found: string[] = [];
        for (let i = lo; i < sorted.length && sorted[i]!.startsWith(term); i++) {
          if (sorted[i] !== term) found.push(sorted[i]!);
        }
        // Closest completions first; the budget of postings drops the long tail.
        found.sort((a, b) => a.length - b.length);
        let budget = PREFIX_POSTINGS;
        for (const word of found) {
          const size = postings.get(word)!.length;
          if (size > budget) continue;
          budget -= size;
          out.push([word, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - term.length))]);
        }
      }
      const typos = maxTypos(term);
      if (typos) {
        const seen = new Set(out.map(([word]) => word));
        const a = term[0];
        const b = term[1];
        for (let length = term.length - typos; length <= term.length + typos; length++) {
          for (const word of byLength[length] ?? []) {
            // Within one edit, the first letter of either word is one of the other's first
            // two: a check that skips most of the vocabulary before the costly distance.
            if (typos === 1 && word[0] !== a && word[0] !== b && word[1] !== a && word[1] !== b) continue;
            if (seen.has(word)) continue;
            const d = distance(term, word, typos, row);
            if (d <= typos) out.push([word, (TYPO_WEIGHT * word.length) / (word.length + d)]);
          }
        }
      }
      if (expansions.size > 256) expansions.clear();
      expansions.set(key, out);
      return out;
    }

    function search(query: string, options: QueryOptions = {}): Results {
      const limit = Math.max(0, options.limit ?? 10);
      const typing = options.typing ?? true;
      let terms = [...new Set(tokenize(query))];
      // While typing, a lone trailing letter after other words is a word not yet written:
      // it would empty an AND query, and as a prefix it would touch half the index.
      if (typing && terms.length > 1) {
        const last = terms[terms.length - 1]!;
        if (last.length < 2 && !isCjk(last)) terms = terms.slice(0, -1);
      }
      if (terms.length === 0 || terms.length > 32) return { hits: [], total: 0, terms };

      const touched: number[] = [];
      const highlights = new Set<string>();

      terms.forEach((term, t) => {
        const last = t === terms.length - 1;
        const current = ++stamp;
        const docs: number[] = [];
        for (const [word, weight] of expand(term, typing && last && (term.length >= 2 || isCjk(term)))) {
          const list = postings.get(word)!;
          highlights.add(word);
          const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
          for (const posting of list) {
            const doc = Math.floor(posting / SHIFT);
            const packed = posting - doc * SHIFT;
            let score = 0;
            for (let f = 0; f < 3; f++) {
              const tf = (packed >> SHIFTS[f]!) & CAPS[f]!;
              if (tf) score += (BOOSTS[f]! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[doc * 3 + f]!) / average[f]!));
            }
            score *= idf * weight;
            // A word matched by several expansions counts once, at its best.
            if (stamps[doc] !== current) {
              stamps[doc] = current;
              termScores[doc] = score;
              docs.push(doc);
            } else if (score > termScores[doc]!) termScores[doc] = score;
          }
        }
        for (const doc of docs) {
          if (matched[doc] === 0) touched.push(doc);
          matched[doc]!++;
          scores[doc]! += termScores[doc]!;
        }
      });

      // Every word must match; failing that, the entries that match most of them rank first,
      // so one stray word does not empty the list.
      const types = options.types?.length ? new Set(options.types) : undefined;
      let need = terms.length;
      if (!touched.some((doc) => matched[doc] === need)) need = 1;
      const top: Array<[number, number]> = [];
      let total = 0;
      for (const doc of touched) {
        const count = matched[doc]!;
        const score = scores[doc]! * (count / terms.length);
        scores[doc] = 0;
        matched[doc] = 0;
        if (count < need) continue;
        if (types && !types.has(entries[doc]!.type ?? '')) continue;
        total++;
        if (top.length < limit || score > top[top.length - 1]![1]) {
          // Insertion into a short sorted list beats sorting every match of a broad prefix.
          let i = Math.min(top.length, limit - 1);
          if (top.length < limit) top.push([doc, score]);
          while (i > 0 && top[i - 1]![1] < score) {
            top[i] = top[i - 1]!;
            i--;
          }
          top[i] = [doc, score];
        }
      }
      const words = [...highlights];
      return {
        hits: top.map(([doc, score]) => ({ entry: entries[doc]!, score, terms: words })),
        total,
        terms,
      };
    }

    return { size: n, search };
  }

  return { add, finish };
}

/** Yields to the page so input and rendering go on during a long build. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  // A message, unlike setTimeout(0), is not clamped to 4 ms after a few nestings.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Builds the index in slices of at most `sliceMs`, yielding to the page between them, so
 * that 50 000 entries never freeze it. Main thread rather than a Worker: the one-file
 * bundle has no second file to start a Worker from, and a strict CSP (`script-src 'self'`)
 * forbids the blob: URL that would stand in for one.
 */
export async function buildEngine(
  entries: readonly SearchEntry[],
  options: BuildOptions = {},
): Promise<SearchEngine> {
  const sliceMs = options.sliceMs ?? 8;
  const builder = indexer(entries);
  let i = 0;
  while (i < entries.length) {
    options.signal?.throwIfAborted();
    const start = performance.now();
    // Reading the clock every 64 entries keeps its cost out of the build time.
    do {
      const end = Math.min(i + 64, entries.length);
      for (; i < end; i++) builder.add(i);
    } while (i < entries.length && performance.now() - start < sliceMs);
    if (i < entries.length) await yieldToPage();
  }
  options.signal?.throwIfAborted();
  return builder.finish();
}

/** Builds in one go: for Node, server rendering and tests. */
export function buildEngineSync(entries: readonly SearchEntry[]): SearchEngine {
  const builder = indexer(entries);
  for (let i = 0; i < entries.length; i++) builder.add(i);
  return builder.finish();
}
