/**
 * The bench's queries, made from a corpus's titles (bench/corpus.ts), with this file's own
 * idea of a word (letters and digits, lower-cased, accents dropped): never with hub-kit's
 * tokenizer, so the engine under test does not decide what its own queries look like.
 */
import type { SearchEntry } from '../src/api/schema.js';
import { KINDS, type Kind, type Query } from './kinds.js';

/** Queries per kind: enough that one miss moves a cell by 2 %, not 20. */
export const PER_KIND = 50;

export const deaccent = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
/** This file's own idea of the words of a text. */
export const words = (text: string) => deaccent(text.toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];
const isCjkText = (s: string) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(s);

/** A small seeded generator (mulberry32), so queries depend on the seed alone. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * One edit in `word`, never on its first letter: a substitution, deletion, insertion or a
 * swap of two neighbours (Damerau's four), or undefined when the result would be shorter
 * than `min` letters or not change the word.
 */
function edit(word: string, rand: () => number, min: number): string | undefined {
  const at = 1 + Math.floor(rand() * (word.length - 1));
  const letter = LETTERS[Math.floor(rand() * 26)]!;
  let out: string;
  switch (Math.floor(rand() * 4)) {
    case 0:
      out = word.slice(0, at) + letter + word.slice(at + 1);
      break;
    case 1:
      out = word.slice(0, at) + word.slice(at + 1);
      break;
    case 2:
      out = word.slice(0, at) + letter + word.slice(at);
      break;
    default:
      if (at >= word.length - 1) return undefined;
      out = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
  return out !== word && out.length >= min ? out : undefined;
}

/** Singular for plural and plural for singular, the plain English way. */
function otherNumber(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * Makes `perKind` queries of each kind from the titles of `entries`:
 * - exact title: the title as written, lower-cased (accents dropped half the time);
 * - one typo: the title with one edit in one of its words of 5+ letters, not on its first letter;
 * - unique prefix: the shortest start of the title's words (one space between, as typed)
 *   that no other title's words start with;
 * - typo in prefix: the title's words cut inside or after a word of 5+ letters, at least 6
 *   characters and at least the unique prefix long, with one edit in that last word;
 * - extra word: the title and a word of the corpus that the entry does not contain;
 * - natural: the title's words in another order, one of them switched between singular and plural;
 * - no match: two made-up words found nowhere.
 */
export function makeQueries(entries: readonly SearchEntry[], seed: number, perKind = PER_KIND): Record<Kind, Query[]> {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const key = (title: string) => words(title).join(' ');
  const sameTitle = new Map<string, string[]>();
  for (const entry of entries) {
    const k = key(entry.title);
    sameTitle.set(k, [...(sameTitle.get(k) ?? []), entry.id]);
  }
  // Prefixes are of a title's words as typed, one space between: nobody types the "<" of
  // "<caption>" or the ":" of ":hover" to search for it.
  const spelled = (title: string) => words(title).join(' ');
  const lowered = entries.map((e) => spelled(e.title)).sort();
  const vocabulary = new Set<string>();
  /** Every word of an entry, in any field. */
  const fields = (e: SearchEntry) => `${e.title} ${e.tags?.join(' ') ?? ''} ${e.excerpt ?? ''} ${e.content ?? ''}`;
  const entryWords = entries.map((e) => new Set(words(fields(e))));
  for (const set of entryWords) for (const w of set) vocabulary.add(w);
  const plainWords = [...vocabulary].filter((w) => /^[a-z]{4,}$/.test(w));

  /** Length of the shortest prefix of `title` (as `spelled`) no other title starts with, if any. */
  const uniquePrefix = (title: string): number | undefined => {
    let lo = 0;
    let hi = lowered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lowered[mid]! < title) lo = mid + 1;
      else hi = mid;
    }
    // The titles that share the longest start with this one sit right next to it once sorted.
    let shared = 0;
    for (const other of [lowered[lo - 1], lowered[lo + 1], lowered[lo]]) {
      if (other === undefined || other === title) continue;
      let i = 0;
      while (i < other.length && i < title.length && other[i] === title[i]) i++;
      shared = Math.max(shared, i);
    }
    if (lowered.filter((t) => t === title).length > 1) return undefined;
    let length = shared + 1;
    // End on a letter or digit, as a visitor's typing pauses after one.
    while (length < title.length && !/[\p{L}\p{N}]/u.test(title[length - 1]!)) length++;
    return length < title.length ? length : undefined;
  };

  const out = Object.fromEntries(KINDS.map((k) => [k, [] as Query[]])) as Record<Kind, Query[]>;
  const used = Object.fromEntries(KINDS.map((k) => [k, new Set<string>()])) as Record<Kind, Set<string>>;
  // Titles with the same words in another order ("border-start-end-radius" and
  // "border-end-start-radius") are equally right answers to a query that reorders them.
  const bag = (title: string) => [...words(title)].sort().join(' ');
  const sameWords = new Map<string, string[]>();
  for (const entry of entries) sameWords.set(bag(entry.title), [...(sameWords.get(bag(entry.title)) ?? []), entry.id]);
  const add = (kind: Kind, entry: SearchEntry, q: string | undefined, targets?: string[]) => {
    if (!q || out[kind].length >= perKind || used[kind].has(entry.id)) return;
    used[kind].add(entry.id);
    targets ??= kind === 'natural' ? sameWords.get(bag(entry.title)) : sameTitle.get(key(entry.title));
    out[kind].push({ q, targets: targets ?? [entry.id] });
  };

  const titleKinds: Kind[] = ['exact', 'typo', 'prefix', 'prefixTypo', 'extra', 'natural'];
  for (let guard = 0; guard < perKind * 400 && titleKinds.some((k) => out[k].length < perKind); guard++) {
    const entry = pick(entries);
    const raw = entry.title.toLowerCase();
    // An untitled post has no title to type.
    if (!words(raw).length) continue;
    const title = rand() < 0.5 ? deaccent(raw) : raw;
    const plain = deaccent(raw);
    const typed = spelled(raw);
    add('exact', entry, title);
    const unique = uniquePrefix(typed);
    if (unique !== undefined && unique >= 2) add('prefix', entry, typed.slice(0, unique));
    if (isCjkText(title)) continue;

    // Words of the title with their offsets, as this file sees them.
    const spans = [...plain.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], at: m.index }));
    const long = spans.filter((s) => /^[a-z]{5,}$/.test(s.word));
    if (long.length) {
      const { word, at } = pick(long);
      const typo = edit(word, rand, 5);
      if (typo && !vocabulary.has(typo)) add('typo', entry, plain.slice(0, at) + typo + plain.slice(at + word.length));
    }
    const typedLong = [...typed.matchAll(/[a-z]{5,}/g)];
    if (typedLong.length && unique !== undefined) {
      const { 0: word, index: at } = pick(typedLong);
      const cut = 5 + Math.floor(rand() * (word.length - 4));
      const typo = edit(word.slice(0, cut), rand, 5);
      if (typo && at + cut >= Math.max(6, unique)) add('prefixTypo', entry, typed.slice(0, at) + typo);
    }
    const own = new Set(words(fields(entry)));
    const extra = pick(plainWords);
    if (!own.has(extra)) add('extra', entry, `${title} ${extra}`);
    const list = words(plain);
    if (list.length >= 2 && new Set(list).size === list.length) {
      const shuffled = [...list];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      if (shuffled.join(' ') !== list.join(' ')) {
        const switchable = shuffled.map((w, i) => (/^[a-z]{4,}$/.test(w) ? i : -1)).filter((i) => i >= 0);
        if (switchable.length) {
          const i = pick(switchable);
          shuffled[i] = otherNumber(shuffled[i]!);
        }
        add('natural', entry, shuffled.join(' '));
      }
    }
  }

  // The kinds added later draw from a stream of their own, so the kinds above keep the
  // queries they had.
  const more = random(seed ^ 0x5eed);
  const draw = <T>(list: readonly T[]): T => list[Math.floor(more() * list.length)]!;
  // Which entries each word is in, any field, for "together matching only that entry".
  const holders = new Map<string, number[]>();
  entryWords.forEach((set, i) => {
    for (const w of set) {
      const list = holders.get(w);
      if (list) list.push(i);
      else holders.set(w, [i]);
    }
  });
  const onlyIn = (list: string[], i: number) => {
    let common = holders.get(list[0]!)!;
    for (const w of list.slice(1)) {
      const other = new Set(holders.get(w)!);
      common = common.filter((n) => other.has(n));
    }
    return common.length === 1 && common[0] === i;
  };
  for (let guard = 0; guard < perKind * 400 && (out.content.length < perKind || out.shortTypo.length < perKind); guard++) {
    const i = Math.floor(more() * entries.length);
    const entry = entries[i]!;
    const plain = deaccent(entry.title.toLowerCase());
    if (isCjkText(plain)) continue;

    // Content: two or three of the excerpt's rarer words that are not in the title and that,
    // together, only this entry has, in the order the excerpt has them.
    const titleWords = new Set(words(entry.title));
    const eligible = [...new Set(words(entry.excerpt ?? ''))].filter((w) => /^[a-z]{4,}$/.test(w) && !titleWords.has(w));
    const rare = eligible.sort((a, b) => holders.get(a)!.length - holders.get(b)!.length).slice(0, Math.ceil(eligible.length / 2));
    if (rare.length >= 2) {
      const chosen: string[] = [];
      while (chosen.length < 2) {
        const w = draw(rare);
        if (!chosen.includes(w)) chosen.push(w);
      }
      if (!onlyIn(chosen, i) && rare.length >= 3) {
        const left = rare.filter((w) => !chosen.includes(w));
        chosen.push(draw(left));
      }
      if (onlyIn(chosen, i)) {
        const order: string[] = words(entry.excerpt ?? '');
        // Right is this entry alone: no other has these words, whatever its title.
        add('content', entry, chosen.sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(' '), [entry.id]);
      }
    }

    // Short-word typo: two neighbouring letters of a 4-letter title word swapped, not the
    // first: the title with it, or the title typed up to it when that is already unique.
    const spans = [...plain.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], at: m.index }));
    const short = spans.filter((s) => /^[a-z]{4}$/.test(s.word));
    if (short.length) {
      const { word, at } = draw(short);
      const j = 1 + Math.floor(more() * 2);
      const typo = word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
      if (typo !== word && !vocabulary.has(typo)) {
        const whole = plain.slice(0, at) + typo + plain.slice(at + word.length);
        const typed = words(plain.slice(0, at + word.length)).join(' ');
        const unique = uniquePrefix(words(plain).join(' '));
        const upTo = typed.slice(0, typed.length - word.length) + typo;
        add('shortTypo', entry, more() < 0.5 && unique !== undefined && typed.length >= unique && typed.length < words(plain).join(' ').length ? upTo : whole);
      }
    }
  }

  textQueries(entries, entryWords, vocabulary, holders, onlyIn, seed, (kind) => out[kind].length >= perKind, add);

  const syllables = ['zor', 'qua', 'vex', 'blim', 'trok', 'yul', 'fep', 'grax', 'wum', 'ksi', 'jho', 'plov'];
  const made = () => Array.from({ length: 3 }, () => pick(syllables)).join('');
  while (out.none.length < perKind) {
    const a = made();
    const b = made();
    if (!vocabulary.has(a) && !vocabulary.has(b)) out.none.push({ q: `${a} ${b}`, targets: [] });
  }
  return out;
}


/**
 * The kinds that ask for what an entry says rather than its title, as a visitor of a site of
 * short posts remembers them; drawn from a stream of their own, so every kind above keeps
 * the queries it had. The text of an entry is its content, or its excerpt when it has none.
 * - remembered phrase: three to five words in a row from the middle of the text (neither its
 *   first word nor its last); right is any entry whose words hold the phrase;
 * - misspelled + exact: two words of the text, together in no other entry, one of 5+ letters
 *   with one edit (not on its first letter) that makes it no word of the corpus;
 * - short word mistyped: the same, with the edit in a word of 4 or 5 letters, typed as 4 or 5
 *   letters (a letter changed, dropped, added or two swapped);
 * - tag + word: one of the entry's tags and one word of its text, together in no other entry.
 */
function textQueries(
  entries: readonly SearchEntry[],
  entryWords: ReadonlyArray<Set<string>>,
  vocabulary: ReadonlySet<string>,
  holders: ReadonlyMap<string, number[]>,
  onlyIn: (list: string[], i: number) => boolean,
  seed: number,
  full: (kind: Kind) => boolean,
  add: (kind: Kind, entry: SearchEntry, q: string | undefined, targets?: string[]) => void,
): void {
  const rand = random(seed ^ 0x29);
  const draw = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  // Each entry's words in every field, in order, one space around each, to find a phrase in.
  const spaced = entries.map((e) => ` ${words(`${e.title} ${e.tags?.join(' ') ?? ''} ${e.excerpt ?? ''} ${e.content ?? ''}`).join(' ')} `);
  const kinds: Kind[] = ['phrase', 'slip', 'shortSlip', 'tagWord'];
  for (let guard = 0; guard < entries.length * 20 && !kinds.every(full); guard++) {
    const i = Math.floor(rand() * entries.length);
    const entry = entries[i]!;
    const text = entry.content ?? entry.excerpt ?? '';
    if (isCjkText(text)) continue;
    const list: string[] = words(text);
    const own = entryWords[i]!;

    if (!full('phrase') && list.length >= 5) {
      const length = 3 + Math.floor(rand() * 3);
      if (list.length >= length + 2) {
        const from = 1 + Math.floor(rand() * (list.length - length - 1));
        const phrase = list.slice(from, from + length);
        if (phrase.filter((w) => /^\p{L}{4,}$/u.test(w)).length >= 2) {
          const needle = ` ${phrase.join(' ')} `;
          const targets = entries.filter((_, j) => spaced[j]!.includes(needle)).map((e) => e.id);
          add('phrase', entry, phrase.join(' '), targets);
        }
      }
    }

    // Two distinct words of the text, in its order, one mistyped: its length decides the kind.
    const distinct = [...new Set(list)].filter((w) => /^[a-z]{4,}$/.test(w));
    if (distinct.length >= 2) {
      const a = draw(distinct);
      const b = draw(distinct.filter((w) => w !== a));
      if (onlyIn([a, b], i)) {
        const kind = a.length <= 5 ? 'shortSlip' : 'slip';
        const typo = edit(a, rand, 4);
        const fits = typo && !vocabulary.has(typo) && (kind === 'slip' ? typo.length >= 5 : typo.length <= 5);
        if (fits) {
          const order = list.indexOf(a) < list.indexOf(b) ? [typo, b] : [b, typo];
          add(kind, entry, order.join(' '), [entry.id]);
        }
      }
    }

    const tags = (entry.tags ?? []).map((t): string[] => words(t)).filter((t) => t.length && t.length <= 3);
    if (tags.length) {
      const tag = draw(tags);
      const candidates = distinct.filter((w) => !tag.includes(w) && own.has(w));
      if (candidates.length) {
        const word = draw(candidates);
        if (onlyIn([...new Set([...tag, word])], i) && holders.get(word)!.length > 1) add('tagWord', entry, `${tag.join(' ')} ${word}`, [entry.id]);
      }
    }
  }
}
