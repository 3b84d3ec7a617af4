/**
 * Highlighting as data: text is cut into plain and marked segments, and the element turns
 * them into text nodes and `<mark>` elements. No HTML string is ever built, so a title
 * holding `<script>` stays text.
 */
import { CJK_RUN, WORD, bigrams, fold, isCjk } from './text.js';

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Cuts `text` into segments, marking every word whose folded form is one of `terms` (the
 * index terms a hit matched, so prefix and typo matches are marked as the whole word), and
 * every CJK stretch covered by a matched bigram.
 */
export function highlight(text: string, terms: Iterable<string>): Segment[] {
  const wanted = new Set<string>();
  const cjk: string[] = [];
  for (const term of terms) {
    if (!term) continue;
    if (isCjk(term)) cjk.push(term);
    else wanted.add(term);
  }
  if (!text) return [];
  if (wanted.size === 0 && cjk.length === 0) return [{ text, mark: false }];

  // Marked ranges in UTF-16 offsets of the original text. Words are folded one at a time,
  // so offsets stay those of the original even where folding changes a word's length.
  const marked = new Uint8Array(text.length);
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    const word = match[0];
    if (wanted.has(fold(word).replace(/['’]/g, ''))) marked.fill(1, start, start + word.length);
  }
  if (cjk.length) {
    const pairs = new Set(cjk);
    for (const run of text.matchAll(CJK_RUN)) {
      const start = run.index ?? 0;
      const chars = Array.from(run[0]);
      const grams = bigrams(run[0]);
      // Offsets of each code point inside the run, for characters outside the BMP.
      const offsets: number[] = [];
      let at = start;
      for (const ch of chars) {
        offsets.push(at);
        at += ch.length;
      }
      offsets.push(at);
      grams.forEach((gram, i) => {
        if (pairs.has(fold(gram))) marked.fill(1, offsets[i]!, offsets[Math.min(i + 2, chars.length)]!);
      });
    }
  }

  const segments: Segment[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      segments.push({ text: text.slice(start, i), mark: marked[start] === 1 });
      start = i;
    }
  }
  return segments;
}
