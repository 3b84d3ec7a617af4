/**
 * Which entries hold each word, and how often in each field. Built an entry at a time into
 * flat typed arrays (a posting is written once, then counted in place), and laid out word
 * by word when the index is finished: each word's postings one run, in entry order. Flat
 * arrays keep 50 000 entries to a few MB, where an array per word costs more and an object
 * per posting tens of MB, and they make a build touch little memory per word it reads.
 */

/**
 * Where each field's count sits in a posting's counts, and its largest value: the title
 * (3 bits), the tags (3 bits), the excerpt (4 bits), the content (4 bits). BM25 saturates
 * long before 15.
 */
export const SHIFTS = [11, 8, 4, 0];
export const CAPS = [7, 7, 15, 15];

export interface Postings {
  /** The entry of each posting. */
  readonly docs: Int32Array;
  /** The counts of each posting, field by field (`SHIFTS`). */
  readonly counts: Uint16Array;
  /** Word `id`'s postings are those from `starts[id]` to `starts[id + 1]`. */
  readonly starts: Int32Array;
}

/** (A class, not a closure, for the reason `Lexicon` gives.) */
export class PostingsBuilder {
  // The postings in the order they were made, and the word each is of.
  readonly #ids: number[] = [];
  readonly #docs: number[] = [];
  readonly #counts: number[] = [];
  // Per word: 1 + the entry of its last posting, and where that posting is.
  readonly #lastDoc: number[] = [];
  readonly #lastAt: number[] = [];

  /**
   * Counts word `id` once more in entry `doc`, in the field at `shift` whose count stops at
   * `cap`. Entries come in order: every word of one entry before any of the next; and a
   * word's number is at most one more than the highest seen yet.
   */
  add(id: number, doc: number, shift: number, cap: number): void {
    const counts = this.#counts;
    if (this.#lastDoc[id] === doc + 1) {
      // This entry's posting of the word is made already: count it in place.
      const at = this.#lastAt[id]!;
      const count = counts[at]!;
      if (((count >> shift) & cap) < cap) counts[at] = count + (1 << shift);
      return;
    }
    // (Writing at a word's number appends it when the word is new.)
    this.#lastDoc[id] = doc + 1;
    this.#lastAt[id] = counts.length;
    this.#ids.push(id);
    this.#docs.push(doc);
    counts.push(1 << shift);
  }

  /** The postings of words 0 to `words` - 1, word by word. */
  finish(words: number): Postings {
    const ids = this.#ids;
    const size = ids.length;
    // A counting sort by word, stable, so each word's postings stay in entry order.
    const starts = new Int32Array(words + 1);
    for (let p = 0; p < size; p++) starts[ids[p]! + 1]!++;
    for (let w = 0; w < words; w++) starts[w + 1]! += starts[w]!;
    const next = starts.slice(0, words);
    const docs = new Int32Array(size);
    const counts = new Uint16Array(size);
    for (let p = 0; p < size; p++) {
      const at = next[ids[p]!]!++;
      docs[at] = this.#docs[p]!;
      counts[at] = this.#counts[p]!;
    }
    return { docs, counts, starts };
  }
}
