/**
 * Which entries hold each word, and how often in each field. Built an entry at a time into
 * flat typed arrays (a posting is written once, then counted in place), and laid out word
 * by word when the index is finished: each word's postings one run, in entry order. Flat
 * arrays keep 50 000 entries to a few MB, where an array per word costs more and an object
 * per posting tens of MB, and they make a build touch little memory per word it reads.
 */
import { STEP, type Steps } from './steps.js';

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

/**
 * A class, not a closure, for the reason `Lexicon` gives; a typed array, not arrays grown by
 * `push`, because a page that has put an element on `Array.prototype` or `Object.prototype`
 * turns every `push` into a slow one (three times the whole build), and because its memory
 * is outside the JavaScript heap that a build would otherwise make collect often.
 */
export class PostingsBuilder {
  /**
   * Four numbers per posting, in the order they were made: its word, its entry, its counts,
   * and then, in the fourth place of the posting numbered like a word, where that word's last
   * posting is, + 1 (0 for none yet). A word's first posting is made when it gets its
   * number, so there are never more words than postings. One array, so that what one
   * posting needs is in one place and growing copies once.
   */
  #postings: Int32Array;
  #size = 0;

  /** `expected`: about how many postings there will be; more cost a copy. */
  constructor(expected: number) {
    this.#postings = new Int32Array(expected * 4 + 64);
  }

  /**
   * Counts word `id` once more in entry `doc`, in the field at `shift` whose count stops at
   * `cap`. Entries come in order: every word of one entry before any of the next; and a
   * word's number is at most one more than the highest seen yet.
   */
  add(id: number, doc: number, shift: number, cap: number): void {
    let postings = this.#postings;
    // (Word `id` may be new, one past the postings when they are full: its last is then
    // undefined, which is not a posting.)
    const last = postings[id * 4 + 3]! * 4 - 4;
    if (last >= 0 && postings[last + 1] === doc) {
      // This entry's posting of the word is made already: count it in place.
      const count = postings[last + 2]!;
      if (((count >> shift) & cap) < cap) postings[last + 2] = count + (1 << shift);
      return;
    }
    const at = this.#size++;
    if (at * 4 === postings.length) {
      postings = new Int32Array(at * 8);
      postings.set(this.#postings);
      this.#postings = postings;
    }
    postings[id * 4 + 3] = at + 1;
    postings[at * 4] = id;
    postings[at * 4 + 1] = doc;
    postings[at * 4 + 2] = 1 << shift;
  }

  /** The postings of words 0 to `words` - 1, word by word, in steps (steps.ts). */
  *finish(words: number): Steps<Postings> {
    const postings = this.#postings;
    const size = this.#size;
    // A counting sort by word, stable, so each word's postings stay in entry order.
    const starts = new Int32Array(words + 1);
    for (let p = 0; p < size; p++) {
      starts[postings[p * 4]! + 1]!++;
      if (p % STEP === STEP - 1) yield;
    }
    for (let w = 0; w < words; w++) starts[w + 1]! += starts[w]!;
    yield;
    const next = starts.slice(0, words);
    const docs = new Int32Array(size);
    const counts = new Uint16Array(size);
    for (let p = 0; p < size; p++) {
      const at = next[postings[p * 4]!]!++;
      docs[at] = postings[p * 4 + 1]!;
      counts[at] = postings[p * 4 + 2]!;
      if (p % STEP === STEP - 1) yield;
    }
    return [docs, counts, starts];
  }
}
