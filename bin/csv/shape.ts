/**
 * What a file to import is before any row of it is read as data: its encoding, its
 * delimiter and how many rows it has. All three are settled in one pass over the bytes
 * before anything is sent, so that a file the command would misread (a Latin-1 export, a
 * semicolon-separated one, an .xlsx saved as .csv) is refused or read correctly up front,
 * never stored as mojibake or as one column, and so that progress and the time left can be
 * told from the true number of rows.
 *
 * Windows-1252 is chosen only when that is unambiguous: the file is not valid UTF-8, holds no
 * valid UTF-8 sequence at all (a mix means two encodings in one file), none of the five
 * bytes that Windows-1252 leaves undefined, and reads as text in it. Other single-byte
 * encodings put letters where Windows-1252 has symbols: Mac Roman's "Müller" reads "MŸller",
 * Central European "Wrocław" reads "Wroca³w". So a symbol between two letters, or a capital
 * letter inside a word, makes the guess ambiguous, and the file is refused, naming the word,
 * until `--encoding` says what it is.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../usage.js';

export type Encoding = 'utf-8' | 'windows-1252' | 'windows-1250' | 'macintosh';
export type Delimiter = ',' | ';' | '\t';

export interface FileShape {
  encoding: Encoding;
  /** Said to the person when the encoding was not plain UTF-8 by detection. */
  encodingNote?: string;
  delimiter: Delimiter;
  /** Data rows: records after the header (CSV), or non-blank lines (JSON Lines). */
  rows: number;
  size: number;
}

const ENCODINGS: Record<string, Encoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  'iso-8859-1': 'windows-1252',
  'windows-1250': 'windows-1250',
  cp1250: 'windows-1250',
  macintosh: 'macintosh',
  macroman: 'macintosh',
  'mac-roman': 'macintosh',
};

/** How each encoding is named to the person. */
export const ENCODING_LABELS: Record<Encoding, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252',
  'windows-1250': 'Windows-1250',
  macintosh: 'Mac Roman',
};

export const ENCODING_NAMES = 'utf-8, windows-1252 (latin1), windows-1250 (Central European) or macroman';

/** The encoding a person named with --encoding, or undefined for one this command does not read. */
export function encodingOf(name: string): Encoding | undefined {
  return ENCODINGS[name.trim().toLowerCase()];
}

export const DELIMITERS: Record<string, Delimiter> = { ',': ',', comma: ',', ';': ';', semicolon: ';', tab: '\t', '\\t': '\t', '\t': '\t' };

const NAMES: Record<Delimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
export const delimiterName = (d: Delimiter) => NAMES[d];

/** Bytes Windows-1252 does not define: a file with one is not Windows-1252 text. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Windows-1252's characters for 0x80–0x9F; the other bytes are their own code points (Latin-1). */
const HIGH_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/**
 * A decoder for one encoding, fed chunk by chunk. Windows-1252 is decoded here rather than by
 * TextDecoder: Node 20's TextDecoder reads "windows-1252" as Latin-1, which turns ’ “ ” € –
 * into invisible control characters.
 */
export function decoderOf(encoding: Encoding): { decode(bytes: Uint8Array, stream: boolean): string } {
  if (encoding !== 'windows-1252') {
    const text = new TextDecoder(encoding, { fatal: true });
    return { decode: (bytes, stream) => text.decode(bytes, { stream }) };
  }
  return {
    decode(bytes) {
      let out = '';
      for (let i = 0; i < bytes.length; i += 8192) {
        const codes = Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? HIGH_1252.charCodeAt(b - 0x80) : b));
        out += String.fromCharCode(...codes);
      }
      return out;
    },
  };
}

type Kind = 'lower' | 'upper' | 'symbol' | 'joiner' | 'other';

/** Windows-1252's letters above ASCII: Š Œ Ž Ÿ and À–Þ (not ×); š œ ž and ß–ÿ (not ÷), µ ª º. */
const UPPER_1252 = new Set([0x8a, 0x8c, 0x8e, 0x9f]);
const LOWER_1252 = new Set([0x9a, 0x9c, 0x9e, 0xb5, 0xaa, 0xba]);
/** Marks that may stand between two letters: ’ ‘ · – — ´ … a soft hyphen, a no-break space. */
const JOINERS_1252 = new Set([0x92, 0x91, 0xb7, 0x96, 0x97, 0xb4, 0x85, 0xad, 0xa0]);

function kind1252(b: number): Kind {
  if (b < 0x80) return b >= 0x61 && b <= 0x7a ? 'lower' : b >= 0x41 && b <= 0x5a ? 'upper' : 'other';
  if (UPPER_1252.has(b) || (b >= 0xc0 && b <= 0xde && b !== 0xd7)) return 'upper';
  if (LOWER_1252.has(b) || (b >= 0xdf && b !== 0xf7)) return 'lower';
  return JOINERS_1252.has(b) ? 'joiner' : 'symbol';
}

const isLetter = (k: Kind) => k === 'lower' || k === 'upper';
/** What ends a word in a CSV or JSON line: white space, delimiters, quotes, brackets. */
const WORD_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2c, 0x3b, 0x22, 0x7b, 0x7d, 0x3a]);

/**
 * Fed a file's bytes one by one, finds the first word that does not read as text in
 * Windows-1252: a symbol between two letters ("Wroca³w"), or a capital after a small letter or
 * before one inside a word ("JosŽ", "MŸller").
 */
class Reading1252 {
  #before: Kind = 'other';
  #at: Kind = 'other';
  #atHigh = false;
  #word: number[] = [];
  #suspect = 0;
  found: { line: number; word: string } | undefined;

  push(b: number, line: number): void {
    const next = kind1252(b);
    if (this.#atHigh && !this.#suspect && !this.found) {
      const between = isLetter(this.#before) && isLetter(next);
      const oddSymbol = this.#at === 'symbol' && between;
      const oddCapital = this.#at === 'upper' && (this.#before === 'lower' || (this.#before === 'upper' && next === 'lower'));
      if (oddSymbol || oddCapital) this.#suspect = line;
    }
    if (WORD_END.has(b)) this.#endWord();
    else if (this.#word.length < 40) this.#word.push(b);
    this.#before = this.#at;
    this.#at = next;
    this.#atHigh = b >= 0x80;
  }

  finish(line: number): void {
    this.push(0x0a, line);
  }

  #endWord(): void {
    if (this.#suspect && !this.found) this.found = { line: this.#suspect, word: decoderOf('windows-1252').decode(Uint8Array.from(this.#word), false) };
    this.#word = [];
  }
}

interface Scan {
  size: number;
  bom: boolean;
  nul: boolean;
  undefined1252: boolean;
  /** The first word that does not read as text in Windows-1252, if any. */
  odd1252?: { line: number; word: string };
  /** Valid multi-byte UTF-8 sequences, and the line of the first one. */
  multibyte: number;
  multibyteLine: number;
  /** Bytes that cannot be UTF-8, and the line of the first. */
  invalid: number;
  invalidLine: number;
  /** Lines with content, outside quoted cells. */
  records: number;
  header: Buffer;
}

/**
 * One pass over the bytes. The quote, the delimiters and the line feed are ASCII and never
 * part of a multi-byte UTF-8 sequence, nor special in Windows-1252, so records can be counted
 * on the bytes whatever the encoding turns out to be.
 */
async function scan(file: string, csv: boolean): Promise<Scan> {
  const s: Scan = { size: 0, bom: false, nul: false, undefined1252: false, multibyte: 0, multibyteLine: 0, invalid: 0, invalidLine: 0, records: 0, header: Buffer.alloc(0) };
  let line = 1;
  let quoted = false;
  let content = false;
  /** Where the header row ends (its first unquoted line feed), and the file's first bytes to read it from. */
  let headerEnd = -1;
  const prefix: Buffer[] = [];
  let prefixLength = 0;
  // UTF-8 state: continuation bytes still expected, and the allowed range of the next one.
  let need = 0;
  let low = 0x80;
  let high = 0xbf;
  let first = true;
  const reading = new Reading1252();
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        s.bom = true;
        start = 3;
      }
    }
    for (let i = start; i < chunk.length; i++) {
      const b = chunk[i]!;
      reading.push(b, line);
      if (need > 0) {
        if (b >= low && b <= high) {
          low = 0x80;
          high = 0xbf;
          if (--need === 0) {
            if (s.multibyte++ === 0) s.multibyteLine = line;
          }
          continue;
        }
        need = 0;
        if (s.invalid++ === 0) s.invalidLine = line;
        // Falls through: this byte starts something of its own.
      }
      if (b >= 0x80) {
        if (UNDEFINED_1252.has(b)) s.undefined1252 = true;
        if (b >= 0xc2 && b <= 0xdf) need = 1;
        else if (b >= 0xe0 && b <= 0xef) {
          need = 2;
          if (b === 0xe0) low = 0xa0;
          if (b === 0xed) high = 0x9f;
        } else if (b >= 0xf0 && b <= 0xf4) {
          need = 3;
          if (b === 0xf0) low = 0x90;
          if (b === 0xf4) high = 0x8f;
        } else if (s.invalid++ === 0) s.invalidLine = line;
        content = true;
        continue;
      }
      if (b === 0) s.nul = true;
      // JSON Lines escape quotes inside strings, so only a CSV's quotes open and close a cell.
      if (csv && b === 0x22) quoted = !quoted;
      if (b === 0x0a) {
        line++;
        if (!quoted) {
          if (content) s.records++;
          content = false;
          if (headerEnd < 0) headerEnd = s.size + i;
        }
        continue;
      }
      if (b !== 0x0d && b !== 0x20) content = true;
    }
    if (prefixLength < 1 << 16) {
      prefix.push(chunk);
      prefixLength += chunk.length;
    }
    s.size += chunk.length;
  }
  if (need > 0 && s.invalid++ === 0) s.invalidLine = line;
  if (content) s.records++;
  reading.finish(line);
  if (reading.found) s.odd1252 = reading.found;
  const bytes = Buffer.concat(prefix);
  s.header = bytes.subarray(s.bom ? 3 : 0, headerEnd < 0 ? bytes.length : Math.min(headerEnd, bytes.length));
  return s;
}

/** The delimiter the header row uses most, outside quotes; a comma when it uses none. */
function sniff(header: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const best = (Object.entries(counts) as Array<[Delimiter, number]>).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

export interface ShapeOptions {
  format: 'csv' | 'jsonl';
  encoding?: Encoding;
  delimiter?: Delimiter;
  /** From the file's extension (.tsv): used unless --delimiter says otherwise. */
  delimiterHint?: Delimiter;
}

export async function shapeOf(file: string, options: ShapeOptions): Promise<FileShape> {
  const s = await scan(file, options.format === 'csv');
  const name = basename(file);
  if (s.nul) {
    throw new InputError(
      `${name} is not a text file (it holds NUL bytes: a spreadsheet such as .xlsx, or UTF-16 text). ` +
        'Save it from your spreadsheet as "CSV UTF-8", then import that file.',
    );
  }
  let encoding: Encoding = 'utf-8';
  let encodingNote: string | undefined;
  if (options.encoding) {
    encoding = options.encoding;
    if (encoding === 'utf-8' && s.invalid) {
      throw new InputError(`${name} is not valid UTF-8 (line ${s.invalidLine}), so --encoding utf-8 would store garbled text. Try --encoding windows-1252.`);
    }
    if (encoding !== 'utf-8') encodingNote = `${name} read as ${ENCODING_LABELS[encoding]} (--encoding)`;
  } else if (s.invalid) {
    if (s.multibyte) {
      throw new InputError(
        `${name} mixes two encodings: line ${s.multibyteLine} is UTF-8, line ${s.invalidLine} is not. ` +
          'Save it again as "CSV UTF-8", or pass --encoding windows-1252 if it is all Latin-1.',
      );
    }
    if (s.undefined1252) {
      throw new InputError(
        `${name} is not UTF-8 (line ${s.invalidLine}), nor Windows-1252 (it holds bytes that encoding leaves undefined). ` +
          `Save it as "CSV UTF-8", or name its encoding with --encoding (${ENCODING_NAMES}).`,
      );
    }
    if (s.odd1252) {
      throw new InputError(
        `${name} is not UTF-8 (line ${s.invalidLine}), and read as Windows-1252 (Latin-1) line ${s.odd1252.line} would say "${s.odd1252.word}", ` +
          'which is not how text reads: it may be Mac Roman or a Central European encoding. ' +
          `Save it as "CSV UTF-8", or name its encoding with --encoding (${ENCODING_NAMES}).`,
      );
    }
    encoding = 'windows-1252';
    encodingNote = `${name} is not UTF-8: read as Windows-1252 (Latin-1); pass --encoding utf-8 to refuse it instead`;
  }
  const text = decoderOf(encoding).decode(s.header, false);
  const delimiter = options.delimiter ?? options.delimiterHint ?? sniff(text);
  const rows = options.format === 'csv' ? Math.max(0, s.records - 1) : s.records;
  return { encoding, ...(encodingNote ? { encodingNote } : {}), delimiter, rows, size: s.size };
}
