/**
 * The search engine behind `<hub-search>`: a compact inverted index over each entry's
 * title, tags, excerpt and content, matching with typo-tolerant prefixes (a trie walk
 * bounded by the edits allowed), one slip in 4-letter words and singular/plural, and
 * ranked by evidence: how many query words an entry matches first, then how exactly, how
 * rare they are, whether side by side as typed, in which field, BM25F last (docs/search.md
 * gives each rule with its reason). Text is folded and CJK-bigrammed by ./text.ts.
 *
 * It started as a tuned MiniSearch and replaced it because it ranks better on every query
 * kind of `npm run bench` while costing about three quarters of its bytes, which is what keeps
 * `<hub-search>` inside its size budget. The rest of the kit sees only `buildEngine` and
 * `SearchEngine`, so the index behind them can change again.
 */
import type { SearchEntry } from '../api/schema.js';
import { maxTypos, numberForms, walkInSteps } from './fuzzy.js';
import { Lexicon } from './lexicon.js';
import { CAPS, PostingsBuilder, SHIFTS, type Postings } from './postings.js';
import { asciiWords, fold, hashWord, isCjk, tokenize } from './text.js';
import { yieldToPage } from './yield-to-page.js';
import { STEP, finished, sortedInSteps, type Steps } from './steps.js';

export type { SearchEntry };
export { maxTypos };

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
  /**
   * The same answer as `search`, worked out in slices with a yield to the page between
   * them (each a bounded count of postings and entries read, or `sliceMs` of work if that
   * comes first, default 4), for a page that searches on its own thread: a short prefix of a
   * big index reads tens of thousands of postings. A query asked before it is answered
   * leaves it: it rejects with an AbortError. `yield` is how it yields, `yieldToPage` unless
   * given.
   */
  searchInSlices(query: string, options?: QueryOptions, slice?: { sliceMs?: number; signal?: AbortSignal; yield?: () => Promise<void> }): Promise<Results>;
}

export interface BuildOptions {
  /** Stops a build that is no longer wanted (the element was removed, new data came). */
  signal?: AbortSignal;
  /** Most characters of text read between two yields to the page. Default 16 384 (about 1 ms of a laptop's build). */
  sliceChars?: number;
  /** Longest stretch of work between two yields, for a machine slower than `sliceChars` assumes. Default 4 ms. */
  sliceMs?: number;
}

/** Field boosts in BM25F, the last rule: a word in the title counts above a tag, a tag above the excerpt and the content. */
export const BOOST = { title: 4, tags: 2, excerpt: 1, content: 1 } as const;

// BM25 constants, the usual ones.
const K1 = 1.2;
const B = 0.75;
/** Weight of a prefix completion ("typ" -> "typescript"), a typo match and the other number of a word, against 1 for the word itself. */
const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.45;
const NUMBER_WEIGHT = 0.9;
/**
 * A short prefix of a big index ("co" in 50 000 entries) expands to hundreds of words; past
 * this many postings the rarest expansions are left out, which keeps a keystroke within a
 * frame and costs nothing visible: the next letter narrows the prefix anyway.
 */
const PREFIX_POSTINGS = 30_000;
/** How many of the best entries by their words are ranked again by their titles' word order. */
const RERANK = 64;
/** Postings (or matched entries) a query reads between two steps: about 0.2 ms of a laptop's work. */
const STEP_POSTINGS = 2048;
/** A content of more words than this is a long text: a word found only there counts half in rule 2. */
const LONG = 64;

/** BOOST's values, in the fields' order. */
const BOOSTS = [4, 2, 1, 1];

/** Where `asciiWords` puts the words of the text being read. */
const spans: number[] = [];

/** BM25's inverse document frequency of a word found in `df` of `n` entries. */
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/**
 * Which words follow each other in an entry's content, as a Bloom filter: a bit for each of
 * three hashes of (entry, word, next word), set (`set`) or all looked up. A pair it was given
 * is always found; one it was not, now and then (see `Indexer`).
 */
function pairBits(bloom: Int32Array, doc: number, a: number, b: number, set: boolean): boolean {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(doc, 0x85ebca77), 0xc2b2ae3d);
  for (let i = 0; i < 3; i++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    const at = (h ^ (h >>> 12)) & (bloom.length * 32 - 1);
    if (set) bloom[at >>> 5]! |= 1 << at;
    else if (!(bloom[at >>> 5]! & (1 << at))) return false;
  }
  return true;
}

/** An index word a query word stands for: the word, its weight, and the typos it took. */
type Expansion = [word: string, weight: number, typos: number];

/**
 * Indexes entries one at a time (so a build can yield between slices). A class, like the
 * lexicon and the postings, so that every build after the first runs code already made fast.
 */
class Indexer {
  readonly #lexicon = new Lexicon();
  readonly #postings: PostingsBuilder;
  /** Field lengths in terms, four per entry. */
  readonly #lengths: Uint16Array;
  readonly #totals = [0, 0, 0, 0];

  readonly #entries: readonly SearchEntry[];
  /** Pairs of words side by side in the contents (`pairBits`). */
  readonly #pairs: Int32Array;

  constructor(entries: readonly SearchEntry[]) {
    this.#entries = entries;
    // A bit or two per character of content (a power of two): a text has about a pair of
    // words per 6 characters, so a pair it was not given is taken for one about 2-4 times in
    // 100 (three hashes).
    let chars = 64;
    for (const { content } of entries) chars += content?.length ?? 0;
    this.#pairs = new Int32Array(2 ** Math.ceil(Math.log2(chars)) / 32);
    this.#lengths = new Uint16Array(entries.length * 4);
    // About 33 postings an entry of a title, tags and an excerpt: room for 40, so that the
    // arrays are seldom copied near the end of a build.
    this.#postings = new PostingsBuilder(entries.length * 40);
  }

  add(n: number): void {
    const { title, tags, excerpt, content } = this.#entries[n]!;
    // (The tags as one text: a space between two tags keeps their words apart.)
    [title, tags?.join(' '), excerpt, content].forEach((text, f) => {
      const length = text ? Math.min(this.#read(text, n, f), 65535) : 0;
      this.#lengths[n * 4 + f] = length;
      this.#totals[f]! += length;
    });
  }

  /** The finished index, in steps (steps.ts): the postings laid out, the words numbered and sorted. */
  *finish(): Steps<SearchEngine> {
    const words = this.#lexicon.words;
    const postings = yield* this.#postings.finish(words.length);
    const ids = new Map<string, number>();
    for (let id = 0; id < words.length; id++) {
      ids.set(words[id]!, id);
      if (id % STEP === STEP - 1) yield;
    }
    const sorted = yield* sortedInSteps([...ids.keys()]);
    return searcher(this.#entries, ids, sorted, postings, this.#lengths, this.#totals, this.#pairs);
  }

  /** Indexes one text into field `f` of entry `n`; returns its length in terms. */
  #read(text: string, n: number, f: number): number {
    const lexicon = this.#lexicon;
    const postings = this.#postings;
    const shift = SHIFTS[f]!;
    const cap = CAPS[f]!;
    // ASCII, or ASCII once folded ("Café"), goes by `asciiWords`, the rest by the Unicode rule.
    let source = text.toLowerCase();
    let words = asciiWords(source, spans);
    if (words >= 0 || (words = asciiWords((source = fold(text)), spans)) >= 0) {
      for (let w = 0, before = -1; w < words * 4; w += 4) {
        const id = lexicon.span(source, spans[w]!, spans[w + 1]!, spans[w + 2]!, spans[w + 3]!);
        postings.add(id, n, shift, cap);
        if (f > 2 && before >= 0) pairBits(this.#pairs, n, before, id, true);
        before = id;
      }
      return words;
    }
    // (Folded once: `source` is the folding.)
    const terms = tokenize(text, source);
    let before = -1;
    for (const term of terms) {
      const id = lexicon.span(term, 0, term.length, hashWord(term), hashWord(term, true));
      postings.add(id, n, shift, cap);
      if (f > 2 && before >= 0) pairBits(this.#pairs, n, before, id, true);
      before = id;
    }
    return terms.length;
  }
}

/**
 * Answers queries from a finished index: its words' numbers, its words sorted, their
 * postings and the field lengths. The sorted list is also the trie that typo matching
 * walks: the words below a prefix are one contiguous range of it, so it costs no extra memory.
 */
function searcher(
  entries: readonly SearchEntry[],
  ids: ReadonlyMap<string, number>,
  sorted: readonly string[],
  postings: Postings,
  lengths: Uint16Array,
  totals: readonly number[],
  contentPairs: Int32Array,
): SearchEngine {
  const n = entries.length;
  // (An empty index, or a field no entry has, averages 1.)
  const average = totals.map((total) => total / n || 1);
  const [postingDocs, postingCounts, starts] = postings;
  /** How many entries hold an index word. */
  const df = (word: string) => starts[ids.get(word)! + 1]! - starts[ids.get(word)!]!;
  // Per entry, the evidence of the query so far: one array per ranking rule, in the rules'
  // order (see `search`), where more is better (typos and untyped words and letters are
  // kept negated); and the query words found in the title.
  const int = () => new Int32Array(n);
  const words = int();
  const typos = int();
  const rarity = new Float64Array(n);
  const forms = int();
  const fields = int();
  const order = int();
  const untyped = int();
  const exact = int();
  const scores = new Float64Array(n);
  const rules = [words, typos, rarity, forms, fields, order, exact, untyped, scores];
  /** The same, with the words found as typed before the fields (a word being typed is likely finished: see `search`). */
  const typedFirst = [words, typos, rarity, forms, exact, fields, order, untyped, scores];
  const titleMask = int();
  const whole = int();
  /** What the words found only through a typo would count for in the field rule. */
  const typoFields = int();
  const evidence = [...rules, titleMask, whole, typoFields];
  /** The entries the last query left evidence on, in the arrays above: the next one clears them first, in steps. */
  let left: number[] = [];
  // The same for the query word being read, kept at its best match.
  const stamps = new Uint32Array(n);
  const termScores = new Float64Array(n);
  const termField = new Uint8Array(n);
  const termTypos = new Uint8Array(n);
  /** How the query word was found, one bit each: as typed (1), in its other number (2), completed (4); by a typo, none. */
  const termForm = new Uint8Array(n);
  let stamp = 0;
  /** Expansions of recent query terms: typing "typescr" then "typescri" reuses the work. */
  const expansions = new Map<string, Expansion[]>();
  const has = (word: string) => ids.has(word);

  /** The index words a query word stands for, in steps of the walks that find them. */
  function* expand(term: string, prefix: boolean): Steps<Expansion[]> {
    const key = prefix + term;
    const cached = expansions.get(key);
    if (cached) return cached;
    const best = new Map<string, Expansion>();
    const offer = (word: string, weight: number, cost: number) => {
      const had = best.get(word);
      if (!had || had[2] > cost || (had[2] === cost && had[1] < weight)) best.set(word, [word, weight, cost]);
    };
    if (has(term)) offer(term, 1, 0);
    // A 4-letter word forgives one slip, as a whole word of 4 letters or more: two neighbours
    // swapped, a letter changed, or one dropped from a 5-letter word ("wgen", "ratn").
    if (/^\D{4}$/.test(term)) yield* walkInSteps(sorted, has, term, 1, false, (word, cost) => word.length > 3 && offer(word, TYPO_WEIGHT, cost));
    const max = maxTypos(term);
    if (prefix || max) {
      // The word itself comes back from the walk too, and `offer` keeps it at its weight; a
      // whole word's walk finds nothing else as typed but its other number.
      yield* walkInSteps(sorted, has, term, max, prefix, (word, cost) => offer(word, cost ? TYPO_WEIGHT : prefix ? PREFIX_WEIGHT : NUMBER_WEIGHT, cost));
    }
    // Fewest typos and closest completions first; the budget of postings drops the long tail.
    // The other number apart from the rest, so that a completion of the same word is not
    // taken for it (see the forms rule in `search`).
    const out = [...best.values(), ...numberForms(term).filter(has).map((form): Expansion => [form, NUMBER_WEIGHT, 0])].sort(
      (a, b) => a[2] - b[2] || b[1] - a[1] || a[0].length - b[0].length,
    );
    let budget = PREFIX_POSTINGS;
    const kept = out.filter(([word, weight]) => weight >= NUMBER_WEIGHT || (budget -= df(word)) >= 0);
    if (expansions.size > 256) expansions.clear();
    expansions.set(key, kept);
    return kept;
  }

  /** A query's answer, in steps of about STEP_POSTINGS postings or entries read. */
  function* steps(query: string, options: QueryOptions = {}): Steps<Results> {
    const limit = Math.max(0, options.limit ?? 10);
    const typing = options.typing ?? true;
    const typed = tokenize(query);
    let terms = [...new Set(typed)];
    // While typing, a lone trailing letter after other words is a word just begun: as a
    // prefix it would touch half the index, so it only ranks titles that have a word
    // starting with it ("system c" puts "System colors" first).
    let initial: string | undefined;
    if (typing && terms.length > 1) {
      const last = terms[terms.length - 1]!;
      if (last.length < 2 && !isCjk(last)) {
        initial = last;
        terms = terms.slice(0, -1);
      }
    }
    if (!terms.length || terms.length > 30) return { hits: [], total: 0, terms };

    const touched: number[] = [];
    const highlights = new Set<string>();
    /** Which query words each matched index word stands for, one bit per query word. */
    const masks = new Map<string, number>();

    // The last word is being typed, unless a space or an initial follows it.
    const open = typing && !initial && !/\s$/.test(query);
    let work = 0;
    // (In steps: a broad query marks every entry, and a query left mid-way leaves its marks too.)
    for (const doc of left) {
      for (const rule of evidence) rule[doc] = 0;
      if (++work % STEP_POSTINGS === 0) yield;
    }
    /**
     * Some query word found as typed (or completed, or in its other number); some found
     * within one typo at most; some found nowhere.
     */
    let asTyped = false;
    let near = false;
    let missing = false;
    try {
      for (let t = 0; t < terms.length; t++) {
        const term = terms[t]!;
        const last = open && t === terms.length - 1;
        const current = ++stamp;
        const docs: number[] = [];
        for (const [word, weight, cost] of yield* expand(term, last && (term.length >= 2 || isCjk(term)))) {
          const id = ids.get(word)!;
          const form = cost ? 0 : weight === 1 ? 1 : weight === NUMBER_WEIGHT ? 2 : 4;
          asTyped ||= !cost;
          near ||= cost < 2;
          highlights.add(word);
          // (Bitwise, a word not seen yet counts as 0.)
          masks.set(word, masks.get(word)! | (1 << t));
          const rare = idf(n, df(word)) * weight;
          for (let p = starts[id]!; p < starts[id + 1]!; p++) {
            const doc = postingDocs[p]!;
            const packed = postingCounts[p]!;
            let score = 0;
            let field = 9;
            for (let f = 0; f < 4; f++) {
              const tf = (packed >> SHIFTS[f]!) & CAPS[f]!;
              if (tf) {
                if (field > 3) field = f;
                score += (BOOSTS[f]! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[doc * 4 + f]!) / average[f]!));
              }
            }
            score *= rare;
            // A word matched by several expansions counts once, at its best; expansions come
            // fewest typos first, and a field counts only through the word's best match, so a
            // title word one typo away does not pass for the word typed exactly elsewhere.
            if (stamps[doc] !== current) {
              stamps[doc] = current;
              termScores[doc] = score;
              termField[doc] = field;
              termTypos[doc] = cost;
              // The first expansion to reach an entry is its best: if that is not the word
              // itself, no later one is.
              termForm[doc] = form;
              docs.push(doc);
            } else {
              if (score > termScores[doc]!) termScores[doc] = score;
              if (cost === termTypos[doc] && field < termField[doc]!) termField[doc] = field;
              termForm[doc]! |= form;
            }
            if (++work % STEP_POSTINGS === 0) yield;
          }
        }
        // How rare the query word is: the idf of every entry it matches, by any of its index
        // words, so that entries matching the same query words are equally rare.
        missing ||= !docs.length;
        const rare = idf(n, docs.length);
        for (const doc of docs) {
          if (++work % STEP_POSTINGS === 0) yield;
          if (!words[doc]) touched.push(doc);
          // A word found only in a long content counts half, unless the entry has every query
          // word and the query names no title (see docs/search.md): the half left out is kept
          // in `whole`'s bits 0-5, the count of query words found in bits 6-10.
          const half = (termTypos[doc] ? 1 : 2) * +(termField[doc]! > 2 && lengths[doc * 4 + 3]! > LONG);
          words[doc]! += (termTypos[doc] ? 2 : 4) - half;
          whole[doc]! += 64 + half;
          exact[doc]! += termForm[doc]! & 1;
          // Found only in its other number: neither as typed nor completed.
          forms[doc]! -= +(termForm[doc] === 2) << 6;
          // (The title named whole, the rule after, is counted in the same number, below 32.)
          typos[doc]! -= termTypos[doc]! << 5;
          rarity[doc]! += rare;
          // The field rule's worth of the word, by its best field: 1024 for the title, 32 for
          // the tags, 1 for the excerpt, 0 for the content, so that one title word outweighs
          // any number of tags (30 query words at most), and so on down; the sum over 1024 is
          // the count of query words in the title. A word found through a typo counts for no
          // field, but for the title beside a title word found as typed (counted in `whole`
          // from bit 11 until the query's words are all read), and in a query of which no
          // word is found as typed, where it counts as any word does.
          if (!termTypos[doc]) fields[doc]! += 1024 >> (5 * termField[doc]!);
          else {
            typoFields[doc]! += 1024 >> (5 * termField[doc]!);
            if (!termField[doc]) whole[doc]! += 2048;
          }
          if (!termField[doc]) titleMask[doc]! |= 1 << t;
          scores[doc]! += termScores[doc]!;
        }
      }

      // A query of which one word is found nowhere and the others only through two typos is
      // taken for no match: a made-up word of 9 letters is often two typos from a word of a
      // large vocabulary (see docs/search.md). One typo is a slip ("habbit tracker").
      if (missing && !near) return { hits: [], total: 0, terms };
      // A query that names a title whole (as many query words found in it as it has words) is
      // about that entry; one that names none is about what the entries say, and an entry
      // with every query word counts the ones in its long content whole.
      let named = false;
      for (const doc of touched) {
        if (++work % STEP_POSTINGS === 0) yield;
        if (!asTyped) fields[doc]! += typoFields[doc]!;
        else if (fields[doc]! >> 10) fields[doc]! += (whole[doc]! >> 11) << 10;
        named ||= lengths[doc * 4]! > 0 && fields[doc]! >> 10 >= lengths[doc * 4]!;
      }
      for (const doc of named ? [] : touched) {
        if (++work % STEP_POSTINGS === 0) yield;
        if (((whole[doc]! >> 6) & 31) === terms.length) words[doc]! += whole[doc]! & 63;
      }

      /**
       * The ranking rules, in order (docs/search.md gives the reason for each): the query is
       * the title (in `words`' number); more query words, in any field; fewer typos; the title
       * named whole (in `typos`' number); rarer query words; fewer words only in their other
       * number, then more words side by side as typed (one number); better fields (title, then
       * tags, then excerpt, then content); the title starts with the query's words; more words
       * found as typed; fewer title words, then letters, left untyped (one number); BM25F.
       * (Words found as typed come before the fields when the word being typed is likely
       * finished: `ranking`.)
       * Rules that need the title's or excerpt's words are read for the best RERANK entries by
       * the others only.
       */
      // The word being typed, after other words, is likely finished when the index has it as
      // typed and it has four letters or more ("arte pinta"): then the words found as typed
      // come before the fields, and an entry that says "pinta" before one with "Pintada" in
      // its title. Shorter, it is as often the start of a longer word ("a com", "sw").
      const finished = terms.at(-1)!;
      const ranking = open && terms.length > 1 && finished.length >= 4 && has(finished) ? typedFirst : rules;
      const compare = (a: number, b: number) => {
        for (const rule of ranking) if (rule[a] !== rule[b]) return rule[b]! - rule[a]!;
        return 0;
      };
      const types = options.types?.length ? new Set(options.types) : undefined;
      // An initial is checked on titles only, so more of them are read.
      const keep = Math.max(limit, initial ? RERANK * 4 : RERANK);
      // Read straight from the typed arrays: no object per match, since a common word matches
      // most of a big index.
      const best: number[] = [];
      let total = 0;
      for (const doc of touched) {
        if (++work % STEP_POSTINGS === 0) yield;
        if (types && !types.has(entries[doc]!.type ?? '')) continue;
        total++;
        if (best.length < keep || compare(doc, best[best.length - 1]!) < 0) {
          // Insertion into a short sorted list beats sorting every match of a broad prefix.
          let i = Math.min(best.length, keep - 1);
          if (best.length < keep) best.push(doc);
          while (i > 0 && compare(doc, best[i - 1]!) < 0) {
            best[i] = best[i - 1]!;
            i--;
          }
          best[i] = doc;
        }
      }

      const initialBit = 1 << terms.length;
      for (const [k, doc] of best.entries()) {
        // (A title and an excerpt read cost about what 500 postings do: a step every 4 entries.)
        if (k % 4 === 3) yield;
        const { title: name, excerpt } = entries[doc]!;
        const tokens = tokenize(name);
        // Only the query words whose best match is in the title name it. An initial stands
        // for a word not typed yet: not one already taken by another query word
        // ("background clip b" does not take "background" twice).
        let taken = 0;
        const found = tokens.map((token) => {
          const mask = masks.get(token)! & titleMask[doc]!;
          if (mask & ~taken) return (taken |= mask), mask;
          return initial && token.startsWith(initial) ? initialBit : mask;
        });
        let seen = 0;
        for (const mask of found) seen |= mask;
        const wanted: number[] = [];
        for (let t = 0; t <= terms.length; t++) if (seen & (1 << t)) wanted.push(t);
        // The query's words side by side, in its order, in the title or the excerpt: a
        // remembered phrase. One bit per query word that follows the one before it. (The
        // content is not read again, which would cost more than a frame, but its pairs kept.)
        let pairs = 0;
        for (const text of [tokens, tokenize(excerpt ?? '')]) {
          let before = 0;
          // (Bitwise, a word the query did not match is 0.)
          for (const token of text) pairs |= (before << 1) & (before = masks.get(token)! | 0);
        }
        // In the content, two query words side by side as typed.
        for (let t = 1; t < terms.length; t++) if (has(terms[t - 1]!) && has(terms[t]!) && pairBits(contentPairs, doc, ids.get(terms[t - 1]!)!, ids.get(terms[t]!)!, false)) pairs |= 1 << t;
        // (Counted in the same number as the rule before: a word in its other number counts 64.)
        for (; pairs; pairs &= pairs - 1) forms[doc]!++;
        const initialInTitle = seen & initialBit ? 1 : 0;
        // The query is the title, a rule before the words' in the same number, above any count
        // of them. (Words never hold a comma, so the lists compare as text.)
        words[doc]! += initialInTitle * 2 + (+(`${tokens}` === `${typed}`) << 10);
        // Named whole: every title word typed, by no fewer query words (an initial "e" does
        // not name both "encrypted" and "extensions", nor an initial alone a title); of two
        // titles named whole, the one named first (30 query words at most).
        typos[doc]! += seen & ~initialBit && found.every(Boolean) && tokens.length <= typed.length ? 31 - wanted[0]! : 0;
        fields[doc]! += initialInTitle << 10;
        // The title starts with the query's words, in the order typed.
        order[doc] = wanted.length && +wanted.every((t, k) => found[k]! & (1 << t));
        // Fewer title words left untyped, then fewer letters: "WebGL" before "WebGLSync".
        // (One number for both: the words count 4096 letters each.)
        if (wanted.length) {
          untyped[doc] = Math.min(0, wanted.reduce((sum, t) => sum + (terms[t] ?? '').length, 0) - tokens.join('').length) - found.filter((mask) => !mask).length * 4096;
        }
        if (initialInTitle) tokens.forEach((token, i) => found[i]! & initialBit && highlights.add(token));
      }
      best.sort(compare);
      const marked = [...highlights];
      const hits = best.slice(0, limit).map((doc) => ({ entry: entries[doc]!, score: scores[doc]!, terms: marked }));
      return { hits, total, terms };
    } finally {
      // Cleared before the next query, also when this one was left mid-way.
      left = touched;
    }
  }

  /**
   * The query being answered. Queries share the arrays above, so a new one leaves the one
   * still in slices (its answer would be stale): it rejects with an AbortError.
   */
  let running: Steps<Results> | undefined;
  const begin = (query: string, options?: QueryOptions) => {
    running?.return(undefined as never);
    return (running = steps(query, options));
  };

  return {
    size: n,
    search: (query, options) => finished(begin(query, options)),
    async searchInSlices(query, options, slice = {}) {
      const results = await inSlices(begin(query, options), slice.sliceMs, slice.signal, slice.yield);
      if (!results) throw new DOMException('A newer query came first.', 'AbortError');
      return results;
    },
  };
}

/** The text an entry gives the index: what a build's work is measured in. */
const weight = ({ title, tags, excerpt, content }: SearchEntry) =>
  (title?.length ?? 0) + (excerpt?.length ?? 0) + (content?.length ?? 0) + (tags?.length ? tags.join(' ').length : 0);

/**
 * Builds the index on the page's own thread, in slices, yielding to the page between them,
 * so that typing and rendering go on: a slice ends once it has read `sliceChars` characters
 * of text, or after `sliceMs` if the machine is slower than that assumes (a cold start, a
 * busy phone). `<hub-search>` builds in a worker (search-index.ts); this is its way where no
 * worker can run, and the build `hub-kit/search` offers a page.
 */
export async function buildEngine(
  entries: readonly SearchEntry[],
  options: BuildOptions = {},
): Promise<SearchEngine> {
  const sliceChars = options.sliceChars ?? 16_384;
  const sliceMs = options.sliceMs ?? 4;
  const builder = new Indexer(entries);
  let i = 0;
  while (i < entries.length) {
    options.signal?.throwIfAborted();
    const start = performance.now();
    let chars = 0;
    do {
      chars += weight(entries[i]!);
      builder.add(i++);
    } while (i < entries.length && chars < sliceChars && performance.now() - start < sliceMs);
    if (i < entries.length) await yieldToPage();
  }
  options.signal?.throwIfAborted();
  // Laying the postings out and sorting the words, in steps, with the same yields.
  return inSlices(builder.finish(), sliceMs, options.signal);
}

/** Steps run between two yields: each is a few hundred µs of a laptop's work (STEP, STEP_POSTINGS). */
const STEPS_PER_SLICE = 8;

/**
 * Runs `steps` on the page's thread, yielding to the page after STEPS_PER_SLICE of them, or
 * sooner once a stretch of them has taken `sliceMs` (a machine slower than the steps assume).
 */
async function inSlices<T>(steps: Steps<T>, sliceMs = 4, signal?: AbortSignal, yieldNow = yieldToPage): Promise<T> {
  try {
    for (let start = performance.now(), done = 0; ; ) {
      const next = steps.next();
      if (next.done) return next.value;
      if (++done % STEPS_PER_SLICE && performance.now() - start < sliceMs) continue;
      await yieldNow();
      signal?.throwIfAborted();
      start = performance.now();
    }
  } finally {
    // (Left mid-way, by an abort: its `finally` blocks run.)
    steps.return(undefined as T);
  }
}

/** Builds in one go: for Node, server rendering and tests. */
export function buildEngineSync(entries: readonly SearchEntry[]): SearchEngine {
  const builder = new Indexer(entries);
  for (let i = 0; i < entries.length; i++) builder.add(i);
  return finished(builder.finish());
}
