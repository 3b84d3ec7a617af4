/**
 * `hub-kit subscribers export|import`: a workspace's subscribers to and from CSV or JSON
 * Lines, through the authenticated API. Both stream: an export of any size writes as it
 * reads, and an import holds one request's rows (plus one entry per address, to drop
 * duplicates) whatever the file's length.
 *
 * An import checkpoints after every acknowledged request in FILE.import-checkpoint.json,
 * so that running it again after an interruption resumes where it stopped without sending
 * an acknowledged row twice. Rows it cannot send go to FILE.rejected.csv with the reason.
 */
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify, type Stringifier } from 'csv-stringify';
import type { InvalidRow, UpsertOptions, UpsertProgress } from '../../src/server/index.js';
import { upsertAll } from '../../src/server/upsert.js';
import { API_FLAGS, API_USAGE, connect, count, duration, explain, refuseKeyFlags, type Connection } from '../api.js';
import { CommandError, UsageError, parseFlags } from '../usage.js';

export const usage = `Usage: hub-kit subscribers export [--format csv|jsonl] [--out FILE] [--base-url URL]
       hub-kit subscribers import FILE [--format csv|jsonl] [--dry-run] [--restart] [--base-url URL]

export   writes every subscriber of the key's workspace, as CSV (a header row, then
         id,email,name,status,created_at,updated_at,fields) or JSON Lines, to FILE or stdout.
import   upserts every row of FILE, matched by email, 100 to a request at the key's 60
         requests a minute. CSV needs an "email" column; "name" (or "first name" and "last
         name") is the name, a "fields" column holds JSON, and any other column becomes a field.
         Rows that cannot be sent go to FILE.rejected.csv with the reason. An interrupted
         import resumes when run again (FILE.import-checkpoint.json); --restart starts over.

  --format F        csv or jsonl; by default from the file's extension (.csv, .jsonl, .ndjson)
  --out FILE        export to FILE instead of stdout
  --dry-run         import: read and check every row, send nothing
  --restart         import: ignore the checkpoint of an interrupted import
${API_USAGE}`;

type Format = 'csv' | 'jsonl';
const EXPORT_COLUMNS = ['id', 'email', 'name', 'status', 'created_at', 'updated_at', 'fields'];
/** Columns the service owns, and the ones this command adds to FILE.rejected.csv: not fields. */
const IGNORED_COLUMNS = new Set(['id', 'status', 'created_at', 'updated_at', 'rejected_row', 'rejected_reason']);
const PER_REQUEST = 100;

function formatOf(flags: Map<string, string | true>, file?: string): Format {
  const given = flags.get('format');
  if (given !== undefined) {
    if (given !== 'csv' && given !== 'jsonl') throw new UsageError(`--format must be csv or jsonl, not "${String(given)}".`);
    return given;
  }
  if (!file) return 'csv';
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  throw new UsageError(`cannot tell the format of "${basename(file)}" from its extension; pass --format csv or --format jsonl.`);
}

export async function run(argv: readonly string[]): Promise<number> {
  refuseKeyFlags(argv);
  const { flags, positional } = parseFlags(argv, { values: ['format', 'out', ...API_FLAGS], booleans: ['dry-run', 'restart'] });
  if (flags.has('help')) {
    console.log(usage);
    return 0;
  }
  const [action, ...rest] = positional;
  if (action === 'export') {
    if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}".`);
    for (const flag of ['dry-run', 'restart']) if (flags.has(flag)) throw new UsageError(`--${flag} is for import.`);
    return exportSubscribers(flags);
  }
  if (action === 'import') {
    if (rest.length !== 1) throw new UsageError(rest.length ? `Unexpected argument "${rest[1]}".` : 'import needs a FILE.');
    if (flags.has('out')) throw new UsageError('--out is for export.');
    return importSubscribers(rest[0]!, flags);
  }
  throw new UsageError(action === undefined ? 'Say export or import.' : `Unknown action "${action}": export or import.`);
}

// ---------------------------------------------------------------------------------------
// Export

async function exportSubscribers(flags: Map<string, string | true>): Promise<number> {
  const format = formatOf(flags, typeof flags.get('out') === 'string' ? String(flags.get('out')) : undefined);
  const connection = connect(flags);
  const out = flags.get('out') === undefined ? undefined : String(flags.get('out'));
  // Written beside the target and renamed at the end: a failed export never leaves a
  // truncated file that looks like a complete backup.
  const partial = out && `${out}.partial`;
  let exported = 0;
  const rows = Readable.from(
    (async function* () {
      for await (const s of connection.api.subscribers.all()) {
        exported++;
        if (format === 'jsonl') yield `${JSON.stringify(s)}\n`;
        else yield [s.id, s.email, s.name ?? '', s.status ?? '', s.created_at ?? '', s.updated_at ?? '', s.fields && Object.keys(s.fields).length ? JSON.stringify(s.fields) : ''];
      }
    })(),
  );
  try {
    const target = partial ? createWriteStream(partial) : process.stdout;
    if (format === 'csv') await pipeline(rows, stringify({ header: true, columns: EXPORT_COLUMNS }), target);
    else await pipeline(rows, target);
  } catch (error) {
    if (partial) rmSync(partial, { force: true });
    throw explain(error, connection);
  }
  if (out && partial) {
    renameSync(partial, out);
    console.error(`Exported ${count(exported)} subscribers to ${out}.`);
  } else {
    console.error(`Exported ${count(exported)} subscribers.`);
  }
  return 0;
}

// ---------------------------------------------------------------------------------------
// Import

interface Row {
  /** What the API is sent, before its checks. */
  item: { email?: unknown; name?: unknown; fields?: unknown } | undefined;
  /** The row as read, for FILE.rejected.csv. */
  raw: string[];
  /** Why the row could not be read at all. */
  unreadable?: string;
}

interface Checkpoint {
  version: 1;
  file: string;
  size: number;
  mtimeMs: number;
  baseUrl: string;
  resumeAt: number;
  sent: number;
  created: number;
  updated: number;
  invalid: number;
  requests: number;
}

/** A CSV record as an item: email, name (or first and last name), a JSON "fields" column, other columns as fields. */
function itemOf(record: Record<string, string>): Row['item'] {
  let email: string | undefined;
  let name: string | undefined;
  let first = '';
  let last = '';
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(record)) {
    const key = column.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
    if (key === 'email' || key === 'email address' || key === 'e mail') email = value;
    else if (key === 'name' || key === 'full name') name = value;
    else if (key === 'first name') first = value.trim();
    else if (key === 'last name') last = value.trim();
    else if (key === 'fields') {
      if (value.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return { email, fields: 'unreadable' };
      }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(fields, parsed);
      else return { email, fields: parsed };
    } else if (!IGNORED_COLUMNS.has(column.trim().toLowerCase()) && value.trim() !== '') fields[column.trim()] = value;
  }
  name ??= [first, last].filter(Boolean).join(' ') || undefined;
  return { email, name, fields };
}

/** The rows of FILE; `consumed` is told how many bytes of the file the rows so far took. */
async function* readRows(file: string, format: Format, consumed: (bytes: number) => void, header: (columns: string[]) => void): AsyncGenerator<Row> {
  const input = createReadStream(file);
  if (format === 'jsonl') {
    header(['line']);
    let bytes = 0;
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      bytes += Buffer.byteLength(line) + 1;
      consumed(bytes);
      if (line.trim() === '') continue;
      try {
        const value: unknown = JSON.parse(line);
        yield { item: value && typeof value === 'object' && !Array.isArray(value) ? (value as Row['item']) : undefined, raw: [line] };
      } catch {
        yield { item: undefined, raw: [line], unreadable: 'the line is not valid JSON' };
      }
    }
    return;
  }
  let columns: string[] | undefined;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    columns: (names: string[]) => {
      columns = names;
      header(names);
      return names;
    },
  });
  input.on('error', (error) => parser.destroy(error));
  // The parser reads ahead a whole chunk, so its own byte count runs ahead of the rows;
  // the rows' own lengths (without quotes) are near enough for an estimate.
  let bytes = 0;
  for await (const record of input.pipe(parser) as AsyncIterable<Record<string, string>>) {
    if (!bytes) bytes = columns!.reduce((sum, c) => sum + Buffer.byteLength(c) + 1, 0);
    const raw = columns!.map((c) => record[c] ?? '');
    bytes += raw.reduce((sum, value) => sum + Buffer.byteLength(value) + 1, 0);
    consumed(bytes);
    yield { item: itemOf(record), raw };
  }
  if (!columns) throw new CommandError(`${basename(file)} is empty: it needs a header row with an "email" column.`);
}

function readCheckpoint(path: string): Checkpoint | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Checkpoint;
    return value.version === 1 && Number.isInteger(value.resumeAt) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed over the old one, so a kill never leaves half a checkpoint. */
function writeCheckpoint(path: string, value: Checkpoint): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

class Display {
  readonly #tty = Boolean(process.stderr.isTTY);
  readonly #started = Date.now();
  #lastLine = 0;
  bytes = 0;

  constructor(
    private readonly size: number,
    private readonly dryRun: boolean,
  ) {}

  /**
   * At 60 requests a minute, about a second per request still to send: the rows the file
   * still holds (at the bytes per row so far), and those read but not yet sent.
   */
  eta(p: UpsertProgress): string {
    if (this.dryRun || !this.bytes) return '';
    const rowsLeft = Math.max(0, Math.round((p.read * this.size) / this.bytes) - p.read);
    const pending = Math.max(0, p.read - p.sent - p.invalid);
    return duration(Math.ceil((rowsLeft + pending) / PER_REQUEST) * 1000);
  }

  update(p: UpsertProgress, force = false): void {
    const share = this.size ? Math.min(1, this.bytes / this.size) : 1;
    const eta = this.eta(p);
    const figures =
      `${count(p.read)} read · ${count(p.sent)} ${this.dryRun ? 'to send' : 'sent'}` +
      (this.dryRun ? '' : ` · ${count(p.created)} created · ${count(p.updated)} updated`) +
      ` · ${count(p.invalid)} invalid` +
      (eta ? ` · ETA ${eta} at 60 requests/min` : '');
    if (this.#tty) {
      const width = 24;
      const filled = Math.round(share * width);
      process.stderr.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${figures}`);
    } else if (force || Date.now() - this.#lastLine >= 5000 || p.requests % 10 === 0) {
      this.#lastLine = Date.now();
      process.stderr.write(`${figures}\n`);
    }
  }

  done(): void {
    if (this.#tty) process.stderr.write('\n');
  }

  elapsed(): string {
    return duration(Date.now() - this.#started);
  }
}

async function importSubscribers(file: string, flags: Map<string, string | true>): Promise<number> {
  const format = formatOf(flags, file);
  if (!existsSync(file)) throw new CommandError(`no such file: ${file}`);
  const dryRun = flags.has('dry-run');
  const connection: Connection | undefined = dryRun ? undefined : connect(flags);
  const stat = statSync(file);
  const checkpointPath = `${file}.import-checkpoint.json`;
  const rejectedPath = `${file}.rejected.csv`;

  let resume: Checkpoint | undefined;
  if (!dryRun && !flags.has('restart')) {
    resume = readCheckpoint(checkpointPath);
    if (resume && (resume.size !== stat.size || resume.mtimeMs !== stat.mtimeMs)) {
      throw new CommandError(`${basename(file)} changed since the import that was interrupted; run again with --restart to import it from the start.`);
    }
    if (resume && resume.baseUrl !== connection!.api.baseUrl) {
      throw new CommandError(`the interrupted import of ${basename(file)} went to ${resume.baseUrl}; run again with --restart to import it into ${connection!.api.baseUrl}.`);
    }
  }
  if (!resume) {
    rmSync(checkpointPath, { force: true });
    rmSync(rejectedPath, { force: true });
  }
  const startIndex = resume?.resumeAt ?? 0;
  const base = { sent: resume?.sent ?? 0, created: resume?.created ?? 0, updated: resume?.updated ?? 0, invalid: resume?.invalid ?? 0, requests: resume?.requests ?? 0 };
  if (resume) console.error(`Resuming the import of ${basename(file)} at row ${count(startIndex + 1)}: ${count(startIndex)} rows were done before.`);

  const display = new Display(stat.size, dryRun);
  let columns: string[] = [];
  let rejected: Stringifier | undefined;
  let rejectedDone: Promise<void> | undefined;
  /** Rows not yet done, by index: a service refusal names rows of the request in flight. */
  const pending = new Map<number, Row>();
  const unreadable = new Map<number, string>();

  const reject = (row: InvalidRow) => {
    if (!rejected) {
      rejected = stringify({ header: !resume || !existsSync(rejectedPath), columns: ['rejected_row', 'rejected_reason', ...columns] });
      rejectedDone = pipeline(rejected, createWriteStream(rejectedPath, { flags: 'a' }));
    }
    const raw = pending.get(row.index)?.raw ?? [];
    rejected.write([String(row.index + 1), unreadable.get(row.index) ?? row.reason, ...raw]);
    pending.delete(row.index);
    unreadable.delete(row.index);
  };

  async function* items(): AsyncGenerator<unknown> {
    let index = 0;
    for await (const row of readRows(file, format, (bytes) => (display.bytes = bytes), (names) => (columns = names))) {
      if (index++ < startIndex) continue;
      pending.set(index - 1, row);
      if (row.unreadable) unreadable.set(index - 1, row.unreadable);
      yield row.item;
    }
  }

  const stop = new AbortController();
  const interrupt = () => stop.abort(new CommandError('interrupted'));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  let last: UpsertProgress = { read: 0, sent: 0, created: 0, updated: 0, invalid: 0, requests: 0, resumeAt: startIndex };
  const total = (p: UpsertProgress): UpsertProgress => ({
    read: startIndex + p.read,
    sent: base.sent + p.sent,
    created: base.created + p.created,
    updated: base.updated + p.updated,
    invalid: base.invalid + p.invalid,
    requests: base.requests + p.requests,
    resumeAt: p.resumeAt,
  });
  try {
    const options: UpsertOptions = {
      startIndex,
      signal: stop.signal,
      onInvalid: reject,
      onProgress: (p) => {
        last = p;
        for (const index of pending.keys()) if (index < p.resumeAt) pending.delete(index);
        const t = total(p);
        if (!dryRun) {
          writeCheckpoint(checkpointPath, { version: 1, file: basename(file), size: stat.size, mtimeMs: stat.mtimeMs, baseUrl: connection!.api.baseUrl, ...t });
        }
        display.update(t);
      },
    };
    // A dry run goes through the same checks and chunks, and sends nothing.
    if (dryRun) await upsertAll(items(), options, async () => ({ created: 0, updated: 0 }));
    else await connection!.api.subscribers.upsert(items(), options);
  } catch (error) {
    display.done();
    rejected?.end();
    await rejectedDone;
    const where = `Stopped at row ${count(last.resumeAt + 1)}; run the same command again to resume.`;
    if (stop.signal.aborted) throw new CommandError(`interrupted. ${where}`);
    const explained = explain(error, connection);
    throw new CommandError(`${explained.message} ${where}`);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
  rejected?.end();
  await rejectedDone;
  const t = total(last);
  display.update(t, true);
  display.done();
  if (!dryRun) rmSync(checkpointPath, { force: true });
  const invalidNote = t.invalid ? `, ${count(t.invalid)} rejected (see ${rejectedPath})` : ', none rejected';
  if (dryRun) {
    console.error(
      `Dry run of ${basename(file)}: ${count(t.read)} rows read, ${count(t.sent)} would be sent in ${count(Math.ceil(t.sent / PER_REQUEST))} requests ` +
        `(about ${duration(Math.ceil(t.sent / PER_REQUEST) * 1000)} at 60 a minute)${invalidNote}. Nothing was sent.`,
    );
  } else {
    console.error(
      `Imported ${basename(file)}: ${count(t.read)} rows read, ${count(t.sent)} sent in ${count(t.requests)} requests ` +
        `(${count(t.created)} created, ${count(t.updated)} updated)${invalidNote}, in ${display.elapsed()}.`,
    );
  }
  return 0;
}
