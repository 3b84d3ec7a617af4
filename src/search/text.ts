/**
 * Text normalisation shared by indexing, querying and highlighting, so that the three
 * always agree on what a "word" is.
 */

// Letters that Unicode does not decompose into base + mark, so NFD alone leaves them,
// and what each folds to, in the same order.
const SPECIAL = 'ßæœøłđðþı';
const SPECIAL_FOLDS = 'ss ae oe o l d d th i'.split(' ');
const SPECIAL_RE = new RegExp(`[${SPECIAL}]`, 'g');

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Lower-cases and folds diacritics (café -> cafe, Ørsted -> orsted), and folds
 * full-width forms (NFKD), so a visitor without the accent keys still finds the entry.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most text is ASCII; skipping the Unicode passes for it keeps indexing fast.
  return NON_ASCII.test(lower)
    ? lower
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .replace(SPECIAL_RE, (c) => SPECIAL_FOLDS[SPECIAL.indexOf(c)]!)
    : lower;
}

/**
 * Runs of scripts written without spaces between words. They are indexed as overlapping
 * character pairs (bigrams), the usual way to make them searchable without a dictionary.
 * The group makes `split` keep the runs, at odd indexes.
 */
export const CJK = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]+)/u;

/**
 * A word: letters or digits (any script), with inner apostrophes dropped: "don't" -> "dont";
 * but a single letter before one is a word of its own, as French and Italian elide their
 * articles: "l'application" -> "l", "application". Global: callers use it with matchAll,
 * which copies it.
 */
export const WORD = /\p{L}(?=['’]\p{L})|[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

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

/** A lower-case ASCII letter's or digit's code; `isLetterCode`, a letter's. */
const isLetterCode = (c: number) => c > 96 && c < 123;
const isWordCode = (c: number) => (c > 47 && c < 58) || isLetterCode(c);

/** Each word has two hashes: FNV-1a over its codes with two primes, from 0 and from -1. */
const PRIME = 0x01000193;
const PRIME2 = 0x5bd1e995;

/** A word's first hash, or its `second`, as `asciiWords` gives them for the words it finds. */
export function hashWord(word: string, second?: boolean): number {
  let hash = second ? -1 : 0;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), second ? PRIME2 : PRIME);
  return hash;
}

/**
 * WORD's rule written for lower-cased ASCII, by hand: most of an index is ASCII, and reading
 * its character codes is several times faster than any pattern, and makes no string per word.
 * Puts each word's start, end and two hashes (`hashWord`'s of the word) into `spans`, in
 * fours from the first, and returns how many words there are (what `spans` held beyond them
 * stays: emptying it would cost a new array per text); a word is the text between its
 * start and end, with its apostrophes dropped. Returns -1 when the text is not all ASCII:
 * the caller goes by the Unicode rule instead.
 */
export function asciiWords(text: string, spans: number[]): number {
  let k = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c > 127) return -1;
    if (!isWordCode(c)) {
      i++;
      continue;
    }
    const start = i++;
    let hash = Math.imul(c, PRIME);
    let other = Math.imul(~c, PRIME2);
    // One letter before an apostrophe and a letter is elided: "l'app" is "l", "app". (Every
    // read stays inside the text: a code read past its end would slow every call after.)
    if (!(i + 1 < n && isLetterCode(c) && text.charCodeAt(i) === 39 && isLetterCode(text.charCodeAt(i + 1)))) {
      for (;;) {
        while (i < n && isWordCode((c = text.charCodeAt(i)))) {
          hash = Math.imul(hash ^ c, PRIME);
          other = Math.imul(other ^ c, PRIME2);
          i++;
        }
        // An inner apostrophe stays inside the word, and out of it: "don't" is "dont".
        if (i + 1 >= n || c !== 39 || !isWordCode(text.charCodeAt(i + 1))) break;
        i++;
      }
    }
    spans[k++] = start;
    spans[k++] = i;
    spans[k++] = hash;
    spans[k++] = other;
  }
  return k / 4;
}

/**
 * Text -> index terms: folded words, and CJK runs as bigrams. Used for queries and titles,
 * and by a build for text that stays non-ASCII once folded, which passes its `folded` text
 * so as not to fold it twice.
 */
export function tokenize(text: string, folded?: string): string[] {
  const lower = text.toLowerCase();
  // ASCII goes by WORD's rule written for ASCII, `asciiWords`' rule as a pattern (a property
  // test holds the two to WORD); text that is ASCII only once folded gives the same words by
  // the Unicode rule.
  if (!NON_ASCII.test(lower)) return (lower.match(/[a-z](?='[a-z])|[a-z\d]+(?:'[a-z\d]+)*/g) ?? []).map((word) => word.replace(/'/g, ''));
  const terms: string[] = [];
  for (const [word] of (folded ?? fold(text)).matchAll(WORD)) {
    // A word may mix scripts ("iphone15発売"): the CJK runs become bigrams, the rest stays.
    word
      .replace(/['’]/g, '')
      .split(CJK)
      .forEach((part, i) => (i % 2 ? terms.push(...bigrams(part)) : part && terms.push(part)));
  }
  return terms;
}
