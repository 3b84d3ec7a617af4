/**
 * The index's words, each with a number: a hash table of its own, so that a word read
 * from a document is looked up where it stands in the text (`span`), without first becoming
 * a string of its own. A document of a few hundred words then makes a string only for the
 * words the index has not seen yet, which is most of what makes a build fast.
 */
import { hashWord } from './text.js';

const APOSTROPHE = 39;

/*
 * A class rather than a closure: its methods are one function for every index built, so
 * the second build runs code the first made fast, where a fresh closure per build starts
 * slow again.
 */
export class Lexicon {
  /** Every word, by its number. */
  readonly words: string[] = [];
  /** Open addressing: each slot holds a word's number + 1, or 0 when empty; never half full. */
  #slots = new Int32Array(1024);

  /**
   * The number of the word lower-cased `text` holds from `start` to `end`, whose hash is
   * `hash`, apostrophes dropped, as `asciiWords` finds words and their hashes; or a whole
   * word already folded, with `hashWord`'s hash. A new word gets the next number.
   */
  span(text: string, start: number, end: number, hash: number): number {
    const { words } = this;
    let slots = this.#slots;
    let mask = slots.length - 1;
    let slot = hash & mask;
    for (; slots[slot]; slot = (slot + 1) & mask) {
      const word = words[slots[slot]! - 1]!;
      let i = start;
      let j = 0;
      for (; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === APOSTROPHE) continue;
        if (j === word.length || c !== word.charCodeAt(j)) break;
        j++;
      }
      if (i === end && j === word.length) return slots[slot]! - 1;
    }
    slots[slot] = words.push(text.slice(start, end).replace(/'/g, ''));
    if (words.length * 2 > slots.length) {
      // Twice the slots, every word placed again by its hash.
      slots = this.#slots = new Int32Array(slots.length * 2);
      mask = slots.length - 1;
      words.forEach((word, id) => {
        for (slot = hashWord(word) & mask; slots[slot]; ) slot = (slot + 1) & mask;
        slots[slot] = id + 1;
      });
    }
    return words.length - 1;
  }
}
