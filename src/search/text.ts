/**
 * Text normalisation shared by indexing, querying and highlighting, so that the three
 * always agree on what a "word" is.
 */

// Letters that Unicode does not decompose into base + mark, so NFD alone leaves them.
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const COMBINING_MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Lower-cases and folds diacritics (café -> cafe, Ørsted -> orsted), and folds
 * full-width forms (NFKD), so a visitor without the accent keys still finds the entry.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most text is ASCII; skipping the Unicode passes for it keeps indexing fast.
  if (!NON_ASCII.test(lower)) return lower;
  let out = lower.normalize('NFKD').replace(COMBINING_MARKS, '');
  if (NON_ASCII.test(out)) out = out.replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_FOLDS[c] ?? c);
  return out;
}

/**
 * Scripts written without spaces between words. They are indexed as overlapping
 * character pairs (bigrams), the usual way to make them searchable without a dictionary.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]/u;
/** Global: callers use it with matchAll, which copies it, or reset lastIndex first. */
export const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]+/gu;

/**
 * A word: letters or digits (any script), with inner apostrophes dropped: "don't" -> "dont".
 * Global, like CJK_RUN.
 */
export const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

export function isCjk(term: string): boolean {
  return CJK.test(term);
}

/** Splits a CJK run into bigrams; a run of one character stays one term. */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * Text -> index terms: folded words, and CJK runs as bigrams. Used for documents and
 * for queries alike.
 */
export function tokenize(text: string): string[] {
  const folded = fold(text);
  if (!NON_ASCII.test(folded)) return asciiWords(folded);
  const terms: string[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(folded); match; match = WORD.exec(folded)) {
    let word = match[0];
    if (word.includes("'") || word.includes('’')) word = word.replace(/['’]/g, '');
    if (!CJK.test(word)) {
      terms.push(word);
      continue;
    }
    // A word may mix scripts ("iphone15発売"): the CJK runs become bigrams, the rest stays.
    let last = 0;
    for (const run of word.matchAll(CJK_RUN)) {
      const start = run.index ?? 0;
      if (start > last) terms.push(word.slice(last, start));
      terms.push(...bigrams(run[0]));
      last = start + run[0].length;
    }
    if (last < word.length) terms.push(word.slice(last));
  }
  return terms;
}

const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/**
 * The same words as WORD, for lower-case ASCII, scanned by hand: most of an index is ASCII,
 * and this loop is what keeps building 10 000 entries within a fifth of a second.
 */
function asciiWords(text: string): string[] {
  const terms: string[] = [];
  let start = -1;
  let word = '';
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (isWordCode(c)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    // An inner apostrophe joins: "don't" -> "dont".
    if (c === 39 && isWordCode(text.charCodeAt(i + 1))) {
      word += text.slice(start, i);
      start = i + 1;
      continue;
    }
    terms.push(word + text.slice(start, i));
    word = '';
    start = -1;
  }
  return terms;
}
