/**
 * A search index's body read into entries a piece at a time, for the page's own thread
 * (in-page.ts): `JSON.parse` of a 50 000-entry body is one step of a hundred ms or more,
 * where this decodes a piece of the bytes, finds where the entries' array splits between
 * two entries, and parses and checks the entries of that piece only. The caller yields to
 * the page between pieces.
 *
 * What it reads is what `unwrap(JSON.parse(text))` reads: the body's array, or the array
 * under a top-level object's `data`; anything else holds no entries. The text around the
 * array is parsed too, with `[]` in the array's place, so a body that is not JSON throws the
 * same SyntaxError as `JSON.parse`.
 */
import { SearchEntry } from '../api/schema.js';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const COMMA = 44;
const COLON = 58;

/** Characters of entries parsed at a time: a few dozen entries, well under a ms. */
const BATCH_CHARS = 32_768;

/** The end of the string whose opening quote is at `open`, or -1 if `text` ends first. */
function closingQuote(text: string, open: number): number {
  for (let at = open + 1; ; at++) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return quote;
    at = quote;
  }
}

/**
 * Reads the text of a body piece by piece (`read`), then `end()`: the entries found, each
 * checked as `SearchEntry`; one missing a required field is skipped, as in `SearchIndex`.
 */
export class EntryReader {
  readonly entries: SearchEntry[] = [];
  /** Text not handed on yet: in the array, from the start of the batch being read. */
  #rest = '';
  /** Where reading goes on in `#rest`. */
  #at = 0;
  #depth = 0;
  /** The body's first bracket: `[` or `{`, 0 before it. */
  #top = 0;
  /** The depth inside the entries' array once it opens, -1 once it has closed, 0 before. */
  #array = 0;
  /** Batches cut from the array so far: the batch after a cut must not be empty. */
  #cuts = 0;
  /** The last string read at depth 1 of a top-level object, and the key it became. */
  #string: string | undefined;
  #key: string | undefined;
  /** The text outside the array, with `[` `]` for it. */
  #outer = '';
  /** A body with a second `data` (the last one counts in JSON.parse): read whole instead. */
  whole = false;
  readonly #batchChars: number;

  /** `batchChars`: characters of entries parsed at a time (smaller in tests, to cut often). */
  constructor(batchChars = BATCH_CHARS) {
    this.#batchChars = batchChars;
  }

  read(piece: string): void {
    let text = (this.#rest += piece);
    let i = this.#at;
    let keep = -1;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const end = closingQuote(text, i);
        if (end < 0) {
          keep = i;
          break;
        }
        if (this.#depth === 1 && this.#top === OPEN_OBJECT) {
          this.#string = end - i < 64 ? text.slice(i, end + 1) : undefined;
        }
        i = end;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (!this.#top) this.#top = c;
        this.#depth++;
        if (c === OPEN_ARRAY && !this.#array && this.#isEntries()) {
          this.#array = this.#depth;
          this.#outer += text.slice(0, i + 1);
          text = this.#rest = text.slice(i + 1);
          i = -1;
        }
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        if (c === CLOSE_ARRAY && this.#depth === this.#array) {
          this.#batch(text.slice(0, i), true);
          this.#array = -1;
          text = this.#rest = text.slice(i);
          i = 0;
        }
        this.#depth--;
      } else if (c === COMMA) {
        if (this.#depth === this.#array && i >= this.#batchChars) {
          this.#batch(text.slice(0, i), false);
          this.#cuts++;
          text = this.#rest = text.slice(i + 1);
          i = -1;
        } else if (this.#depth === 1) this.#key = undefined;
      } else if (c === COLON && this.#depth === 1 && this.#string) {
        this.#key = JSON.parse(this.#string) as string;
        if (this.#key === 'data' && this.#array) this.whole = true;
      }
    }
    if (keep < 0) keep = text.length;
    if (this.#array > 0) {
      this.#at = keep;
    } else {
      // Outside the array: what is read is kept as text, to be checked at the end.
      this.#outer += text.slice(0, keep);
      this.#rest = text.slice(keep);
      this.#at = 0;
    }
  }

  /** The entries; throws a SyntaxError where `JSON.parse` of the whole text would. */
  end(): SearchEntry[] {
    if (this.#array > 0) throw new SyntaxError('Unexpected end of JSON input');
    // The text around the array, its entries left out: a body that is not JSON throws here.
    JSON.parse(this.#outer + this.#rest);
    return this.entries;
  }

  /** Whether an array opening now holds the entries: the body itself, or its `data`. */
  #isEntries(): boolean {
    return this.#top === OPEN_ARRAY ? this.#depth === 1 : this.#depth === 2 && this.#key === 'data';
  }

  /** Parses and checks the entries of `text`, the array's items between two cuts. */
  #batch(text: string, last: boolean): void {
    if (!text.trim()) {
      // An empty array is fine; an empty batch after a cut is a comma with nothing after it.
      if (this.#cuts || !last) throw new SyntaxError('Unexpected token in JSON: an empty item');
      return;
    }
    for (const item of JSON.parse(`[${text}]`) as unknown[]) {
      const parsed = SearchEntry.safeParse(item);
      if (parsed.success) this.entries.push(parsed.data);
    }
  }
}
