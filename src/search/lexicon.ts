/**
 * The index's words, each with a number: a hash table of its own, so that a word read
 * from a document is looked up where it stands in the text (`span`), without first becoming
 * a string of its own. A document of a few hundred words then makes a string only for the
 * words the index has not seen yet, which is most of what makes a build fast.
 *
 * A word is known by its two 32-bit hashes, not by its letters: comparing letters was a
 * third of a build. Two words share a number only if both their hashes agree: for the
 * 100 000 different words of a very large index, about once in four billion builds (n² / 2⁶⁵,
 * were the hashes random). Two such words would have to be looked for on purpose, and all
 * they would do is make a search for one find the other's entries too.
 */

/*
 * A class rather than a closure: its methods are one function for every index built, so
 * the second build runs code the first made fast, where a fresh closure per build starts
 * slow again.
 */
export class Lexicon {
  /** Every word, by its number. */
  readonly words: string[] = [];
  /**
   * Open addressing, four numbers a slot: a word's two hashes and its number + 1 (0 when
   * empty), side by side so that a probe reads one place; never half full.
   */
  #slots = new Int32Array(4096);

  /**
   * The number of the word lower-cased `text` holds from `start` to `end`, apostrophes
   * dropped, whose hashes are `hash` and `second`, as `asciiWords` finds words and their
   * hashes; or a whole word already folded, with `hashWord`'s hashes. A new word gets the
   * next number.
   */
  span(text: string, start: number, end: number, hash: number, second: number): number {
    const { words } = this;
    const slots = this.#slots;
    const mask = slots.length - 4;
    let slot = (hash << 2) & mask;
    for (let id; (id = slots[slot + 2]! - 1) >= 0; slot = (slot + 4) & mask) {
      if (slots[slot] === hash && slots[slot + 1] === second) return id;
    }
    slots[slot] = hash;
    slots[slot + 1] = second;
    slots[slot + 2] = words.push(text.slice(start, end).replace(/'/g, ''));
    if (words.length * 8 > slots.length) this.#grow();
    return words.length - 1;
  }

  /**
   * Twice the slots, every word placed again under its number, by the hashes its slot holds
   * (not hashed again: a growth stays a short step however many words there are).
   */
  #grow(): void {
    const old = this.#slots;
    const slots = (this.#slots = new Int32Array(old.length * 2));
    const mask = slots.length - 4;
    for (let from = 0; from < old.length; from += 4) {
      if (!old[from + 2]) continue;
      let slot = (old[from]! << 2) & mask;
      while (slots[slot + 2]) slot = (slot + 4) & mask;
      slots[slot] = old[from]!;
      slots[slot + 1] = old[from + 1]!;
      slots[slot + 2] = old[from + 2]!;
    }
  }
}
