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

/**
 * Postings word by word: the entry of each, its counts field by field (`SHIFTS`), and where
 * each word's run starts (word `id`'s postings are those from `starts[id]` to `starts[id + 1]`).
 */
export type Postings = [docs: Int32Array, counts: Uint16Array, starts: Int32Array];

/** `array` in a new one twice as long. */
function grown<T extends Int32Array | Uint16Array>(array: T): T {
  const out = new (array.constructor as new (length: number) => T)(array.length * 2);
  out.set(array);
  return out;
}

/**
 * A class, not a closure, for the reason `Lexicon` gives; typed arrays, not arrays grown by
 * `push`, because a page that has put an element on `Array.prototype` or `Object.prototype`
 * turns every `push` into a slow one (three times the whole build), and because their
 * memory is outside the JavaScript heap that a build would otherwise make collect often.
 */
export class PostingsBuilder {
  // The postings in the order they were made, and the word each is of.
  #ids: Int32Array;
  #docs: Int32Array;
  #counts: Uint16Array;
  #size = 0;
  /**
   * Per word: where its last posting is, + 1 (0 for none yet). As long as the postings: a
   * word's first posting is made when it gets its number, so there are never more words.
   */
  #last: Int32Array;

  /** `expected`: about how many postings there will be; more cost a copy. */
  constructor(expected: number) {
    this.#ids = new Int32Array(expected + 16);
    this.#docs = new Int32Array(this.#ids.length);
    this.#counts = new Uint16Array(this.#ids.length);
    this.#last = new Int32Array(this.#ids.length);
  }

  /**
   * Counts word `id` once more in entry `doc`, in the field at `shift` whose count stops at
   * `cap`. Entries come in order: every word of one entry before any of the next; and a
   * word's number is at most one more than the highest seen yet.
   */
  add(id: number, doc: number, shift: number, cap: number): void {
    // (Word `id` may be new, one past the postings when they are full: its last is then
    // undefined, which is not a posting.)
    const last = this.#last[id]! - 1;
    if (last >= 0 && this.#docs[last] === doc) {
      // This entry's posting of the word is made already: count it in place.
      const count = this.#counts[last]!;
      if (((count >> shift) & cap) < cap) this.#counts[last] = count + (1 << shift);
      return;
    }
    const at = this.#size++;
    if (at === this.#ids.length) {
      this.#ids = grown(this.#ids);
      this.#docs = grown(this.#docs);
      this.#counts = grown(this.#counts);
      this.#last = grown(this.#last);
    }
    this.#last[id] = at + 1;
    this.#ids[at] = id;
    this.#docs[at] = doc;
    this.#counts[at] = 1 << shift;
  }

  /** The postings of words 0 to `words` - 1, word by word. */
  finish(words: number): Postings {
    const ids = this.#ids;
    const size = this.#size;
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
    return [docs, counts, starts];
  }
}
