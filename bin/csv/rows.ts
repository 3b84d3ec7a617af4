/**
 * The rows of a file to import, streamed, each with the row number a person sees: in a
 * spreadsheet for CSV (the header is row 1, a blank line is a row, a cell with line breaks
 * stays in one row), the line number for JSON Lines. Reports and messages use that number,
 * so "row 30" is where the person finds it.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { CommandError } from '../usage.js';
import { decoderOf, type FileShape } from './shape.js';

export type Format = 'csv' | 'jsonl';

export interface CsvRow {
  row: number;
  cells: string[];
}

export interface JsonRow {
  row: number;
  value: unknown;
  /** The line as read, for FILE.rejected.csv. */
  line: string;
  /** Why the line is not a subscriber object. */
  unreadable?: string;
}

/** Decodes the file's bytes as its shape says, into UTF-8 for the parsers. */
function decoder(shape: FileShape): Transform {
  const text = decoderOf(shape.encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, Buffer.from(text.decode(chunk, true), 'utf8'));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, Buffer.from(text.decode(new Uint8Array(0), false), 'utf8'));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** The header row, then every record of a CSV file, with spreadsheet row numbers. */
export async function* csvRows(file: string, shape: FileShape, name: string): AsyncGenerator<CsvRow> {
  const parser = parse({ delimiter: shape.delimiter, info: true, skip_empty_lines: true, relax_column_count: true });
  const input = createReadStream(file);
  const decode = decoder(shape);
  input.on('error', (error) => decode.destroy(error));
  decode.on('error', (error) => parser.destroy(error));
  input.pipe(decode).pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number; empty_lines: number } }>) {
      // The header is record 1; each blank line skipped is a row of its own in a spreadsheet.
      yield { row: info.records + info.empty_lines, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new CommandError(`${name}${line ? ` line ${line}` : ''} cannot be read as CSV: ${error.message.replace(/^Invalid [^:]*: /, '')}`);
    }
    throw error;
  } finally {
    input.destroy();
  }
}

/** Every non-blank line of a JSON Lines file, parsed, with its line number. */
export async function* jsonRows(file: string, shape: FileShape): AsyncGenerator<JsonRow> {
  const input = createReadStream(file);
  const decode = decoder(shape);
  input.on('error', (error) => decode.destroy(error));
  let row = 0;
  try {
    for await (const line of createInterface({ input: input.pipe(decode), crlfDelay: Infinity })) {
      row++;
      if (line.trim() === '') continue;
      try {
        yield { row, value: JSON.parse(line) as unknown, line };
      } catch {
        yield { row, value: undefined, line, unreadable: 'the line is not valid JSON' };
      }
    }
  } finally {
    input.destroy();
  }
}
