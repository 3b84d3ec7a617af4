/**
 * What a file to import is before any row of it is read as data: its encoding, its
 * delimiter and how many rows it has. All three are settled in one pass over the bytes
 * before anything is sent, so that a file the command would misread (a Latin-1 export, a
 * semicolon-separated one, an .xlsx saved as .csv) is refused or read correctly up front,
 * never stored as mojibake or as one column, and so that progress and the time left can be
 * told from the true number of rows.
 *
 * Windows-1252 is chosen only when that is unambiguous: the file is not valid UTF-8, holds no
 * valid UTF-8 sequence at all (a mix means two encodings in one file), and none of the five
 * bytes that Windows-1252 leaves undefined.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../usage.js';

export type Encoding = 'utf-8' | 'windows-1252';
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
};

export const ENCODING_NAMES = 'utf-8 or windows-1252 (latin1)';

/** The encoding a person named with --encoding, or undefined for one this command does not read. */
export function encodingOf(name: string): Encoding | undefined {
  return ENCODINGS[name.trim().toLowerCase()];
}

export const DELIMITERS: Record<string, Delimiter> = { ',': ',', comma: ',', ';': ';', semicolon: ';', tab: '\t', '\\t': '\t', '\t': '\t' };

const NAMES: Record<Delimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
export const delimiterName = (d: Delimiter) => NAMES[d];

/** Bytes Windows-1252 does not define: a file with one is not Windows-1252 text. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

interface Scan {
  size: number;
  bom: boolean;
  nul: boolean;
  undefined1252: boolean;
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
    if (encoding === 'windows-1252') encodingNote = `${name} read as Windows-1252 (--encoding)`;
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
    encoding = 'windows-1252';
    encodingNote = `${name} is not UTF-8: read as Windows-1252 (Latin-1); pass --encoding utf-8 to refuse it instead`;
  }
  const text = new TextDecoder(encoding).decode(s.header);
  const delimiter = options.delimiter ?? options.delimiterHint ?? sniff(text);
  const rows = options.format === 'csv' ? Math.max(0, s.records - 1) : s.records;
  return { encoding, ...(encodingNote ? { encodingNote } : {}), delimiter, rows, size: s.size };
}
