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

/**
 * Text -> index terms: folded words, and CJK runs as bigrams. Used for documents and
 * for queries alike.
 */
export function tokenize(text: string): string[] {
  const folded = fold(text);
  // Most of an index is ASCII, where WORD's rule written for ASCII alone, over the whole
  // text, is several times faster than the Unicode pattern word by word.
  if (!/[^\x00-\x7f]/.test(folded)) {
    const words = folded.match(/[a-z](?='[a-z])|[a-z\d]+(?:'[a-z\d]+)*/g) ?? [];
    return folded.includes("'") ? words.map((word) => word.replace(/'/g, '')) : words;
  }
  const terms: string[] = [];
  for (const [word] of folded.matchAll(WORD)) {
    // A word may mix scripts ("iphone15発売"): the CJK runs become bigrams, the rest stays.
    word
      .replace(/['’]/g, '')
      .split(CJK)
      .forEach((part, i) => (i % 2 ? terms.push(...bigrams(part)) : part && terms.push(part)));
  }
  return terms;
}
