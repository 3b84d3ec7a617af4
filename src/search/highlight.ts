/**
 * Highlighting as data: text is cut into plain and marked segments, and the element turns
 * them into text nodes and `<mark>` elements. No HTML string is ever built, so a title
 * holding `<script>` stays text.
 */
import { CJK, WORD, fold } from './text.js';

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Cuts `text` into segments, marking every word whose folded form is one of `terms` (the
 * index terms a hit matched, so prefix and typo matches are marked as the whole word), and
 * every CJK stretch covered by a matched bigram. A text longer than `window` characters is
 * cut to that many around its first mark (from 40 before it), with "…" where it was cut.
 */
export function highlight(text: string, terms: Iterable<string>, window = Infinity): Segment[] {
  const wanted = new Set(terms);
  // Marked ranges in UTF-16 offsets of the original text. Words are folded one at a time,
  // so offsets stay those of the original even where folding changes a word's length.
  const marked = new Uint8Array(text.length);
  const mark = (from: number, word: string) => {
    if (wanted.has(fold(word).replace(/['’]/g, ''))) marked.fill(1, from, from + word.length);
  };
  for (const match of text.matchAll(WORD)) {
    let at = match.index;
    // As the tokenizer splits it: CJK runs (odd parts) by character pairs, the rest whole.
    match[0].split(CJK).forEach((part, i) => {
      if (i % 2) {
        // Code points, not UTF-16 units, for characters outside the BMP; a lone one is its own term.
        const chars = Array.from(part);
        chars.forEach((char, j) => {
          if (j < chars.length - 1 || !j) mark(at, char + (chars[j + 1] ?? ''));
          at += char.length;
        });
      } else {
        mark(at, part);
        at += part.length;
      }
    });
  }

  const length = text.length;
  let start = Math.max(0, Math.min(marked.indexOf(1) - 40, length - window));
  const end = Math.min(start + window, length);
  const segments: Segment[] = start ? [{ text: '… ', mark: false }] : [];
  for (let i = start + 1; i <= end; i++) {
    if (i === end || marked[i] !== marked[start]) {
      segments.push({ text: text.slice(start, i), mark: marked[start] === 1 });
      start = i;
    }
  }
  if (end < length) segments.push({ text: ' …', mark: false });
  return segments;
}
