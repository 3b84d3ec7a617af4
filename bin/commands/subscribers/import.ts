/**
 * `hub-kit subscribers import FILE`: every row of a CSV or JSON Lines file upserted into the
 * key's workspace, 100 to a request at the key's pace, streamed in constant memory.
 *
 * Everything that can be wrong with the file (its encoding, its delimiter, no email column)
 * is found before the first request. What the person is told is what happened: row numbers
 * as their spreadsheet shows them, who was left unsubscribed, which rows were sent again
 * after an interruption, and "stopped at row N" only when rows were sent.
 */
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { InvalidRow, UpsertOptions, UpsertProgress } from '../../../src/server/index.js';
import { upsertAll } from '../../../src/server/upsert.js';
import { connect, explain, type Connection } from '../../api.js';
import { describe, itemOf, lostUnsubscribe, mappingFor, statusWord, readDate, type Mapping } from '../../csv/mapping.js';
import { csvRows, jsonRows, type Format } from '../../csv/rows.js';
import { ENCODING_LABELS, delimiterName, shapeOf, type Delimiter, type Encoding, type FileShape } from '../../csv/shape.js';
import { checkpointPath, readCheckpoint, removeCheckpoint, writeCheckpoint, type Checkpoint, type Counts } from '../../import/checkpoint.js';
import { RejectReport } from '../../import/rejects.js';
import { count, duration, plural } from '../../output.js';
import { Progress } from '../../progress.js';
import { CommandError, InputError } from '../../usage.js';

const PER_REQUEST = 100;

export interface ImportOptions {
  file: string;
  format: Format;
  flags: Map<string, string | true>;
  maps: readonly string[];
  encoding?: Encoding;
  delimiter?: Delimiter;
  delimiterHint?: Delimiter;
  dryRun: boolean;
  restart: boolean;
  resubscribe: boolean;
}

/** Spreadsheet row numbers by row index, kept as the few places where the gap between them changes. */
class RowNumbers {
  readonly #steps: Array<[index: number, offset: number]> = [];
  constructor(private readonly base: number) {}

  note(index: number, row: number): void {
    const last = this.#steps.at(-1)?.[1] ?? this.base;
    if (row - index !== last) this.#steps.push([index, row - index]);
  }

  of(index: number): number {
    let offset = this.base;
    for (const [at, value] of this.#steps) {
      if (at > index) break;
      offset = value;
    }
    return index + offset;
  }
}

/** One row on its way: what is sent, what goes to the report, and why it cannot be sent if so. */
interface Pending {
  cells: string[];
  problem?: string;
}

/** The header's mapping as one line: what each part of a subscriber is read from. */
function mappingLine(mapping: Mapping): string {
  const from = (kind: string) => mapping.targets.flatMap((t, i) => (t.kind === kind ? [mapping.columns[i]!] : []));
  const parts = [`email ← ${from('email').join(', ')}`];
  const name = [...from('name'), ...from('first_name'), ...from('last_name')];
  if (name.length) parts.push(`name ← ${name.join(' + ')}`);
  const status = from('status');
  const file = mapping.fileStatus;
  if (file && (file.status === 'unsubscribed' || !status.length)) parts.push(`status: every row ${file.status} (${file.why})`);
  else if (status.length) parts.push(`status ← ${status.join(', ')}${file ? `, or else ${file.status} (${file.why})` : ''}`);
  else parts.push('no status column (new subscribers are subscribed, existing ones keep theirs)');
  if (from('created_at').length) parts.push(`created_at ← ${from('created_at').join(', ')}`);
  const fields = mapping.targets.filter((t) => t.kind === 'field' || t.kind === 'fields').length;
  if (fields) parts.push(`${plural(fields, 'more column')} as fields`);
  return parts.join('; ');
}

export async function importSubscribers(options: ImportOptions): Promise<number> {
  const { file, format, dryRun } = options;
  const name = basename(file);
  if (!existsSync(file)) throw new CommandError(`no such file: ${file}`);
  const stat = statSync(file);
  if (stat.size === 0) throw new InputError(`${name} is empty: it needs a header row with an email column, then one row per subscriber.`);

  // The file first, then the key: nothing is asked of the service before the file is known good.
  const shape: FileShape = await shapeOf(file, {
    format,
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    ...(options.delimiterHint ? { delimiterHint: options.delimiterHint } : {}),
  });
  let mapping: Mapping | undefined;
  let columns: string[] = ['line'];
  if (format === 'csv') {
    const rows = csvRows(file, shape, name);
    const first = await rows.next();
    await rows.return(undefined);
    const header = first.done ? undefined : first.value;
    if (!header) throw new InputError(`${name} is empty: it needs a header row with an email column, then one row per subscriber.`);
    columns = header.cells.map((c) => c.trim());
    mapping = mappingFor(columns, options.maps, name);
  } else if (options.maps.length) {
    throw new InputError('--map is for CSV files; a JSON Lines row names its fields itself.');
  }

  const how = format === 'csv' ? `${ENCODING_LABELS[shape.encoding]}, ${delimiterName(shape.delimiter)}-separated` : 'JSON Lines';
  console.error(`Reading ${name} (${how}, ${plural(shape.rows, 'row')}).`);
  if (shape.encodingNote) console.error(`${shape.encodingNote}.`);
  if (mapping && dryRun) {
    const samples: string[][] = [];
    for await (const row of csvRows(file, shape, name)) {
      if (row.row > 1) samples.push(row.cells);
      if (samples.length === 3) break;
    }
    console.error(`Mapping (change it with --map COLUMN=FIELD):\n${describe(mapping, samples).join('\n')}`);
  } else if (mapping) {
    console.error(`Columns: ${mappingLine(mapping)}.`);
  }
  if (mapping?.dropped.length) await refuseLostUnsubscribes(file, shape, name, mapping);
  if (!shape.rows) {
    console.error(`${name} has no rows after its header: nothing to import.`);
    return 0;
  }

  const connection: Connection | undefined = dryRun ? undefined : connect(options.flags);
  const checkpointFile = checkpointPath(file);
  let resume: Checkpoint | undefined;
  if (!dryRun && !options.restart) {
    resume = readCheckpoint(checkpointFile);
    if (resume && (resume.size !== stat.size || resume.mtimeMs !== stat.mtimeMs)) {
      throw new CommandError(`${name} changed since the import that was interrupted; run again with --restart to import it from the start.`);
    }
    if (resume && resume.baseUrl !== connection!.api.baseUrl) {
      throw new CommandError(`the interrupted import of ${name} went to ${resume.baseUrl}; run again with --restart to import it into ${connection!.api.baseUrl}.`);
    }
  }
  if (!resume) removeCheckpoint(checkpointFile);
  const startIndex = resume?.resumeAt ?? 0;
  const base: Counts = {
    sent: resume?.sent ?? 0,
    created: resume?.created ?? 0,
    updated: resume?.updated ?? 0,
    invalid: resume?.invalid ?? 0,
    keptUnsubscribed: resume?.keptUnsubscribed ?? 0,
    requests: resume?.requests ?? 0,
  };
  const rowNumbers = new RowNumbers(format === 'csv' ? 2 : 1);
  const inFlight = resume?.inFlight;
  if (resume) {
    console.error(
      `Resuming the import of ${name} at row ${count(rowNumbers.of(startIndex))}: ${plural(startIndex, 'row was', 'rows were')} done before.` +
        (inFlight ? ` ${plural(inFlight.count, 'row was', 'rows were')} in flight when it stopped, and ${inFlight.count === 1 ? 'is' : 'are'} sent again.` : ''),
    );
  }

  const report = new RejectReport(file, () => columns, Boolean(resume));
  const pending = new Map<number, Pending>();
  const reject = (row: InvalidRow) => {
    const entry = pending.get(row.index);
    const reason = entry?.problem ?? (row.duplicateOf !== undefined ? `a duplicate of row ${count(rowNumbers.of(row.duplicateOf))}, which is sent instead` : row.reason);
    report.add(rowNumbers.of(row.index), reason, entry?.cells ?? []);
    pending.delete(row.index);
  };

  async function* items(): AsyncGenerator<unknown> {
    let index = 0;
    if (format === 'csv') {
      for await (const { row, cells } of csvRows(file, shape, name)) {
        if (row <= 1) continue;
        rowNumbers.note(index, row);
        if (index++ < startIndex) continue;
        const read = itemOf(mapping!, cells);
        pending.set(index - 1, { cells, ...('problem' in read ? { problem: read.problem } : {}) });
        // A row that cannot be read is sent to the checks as nothing, which they reject; its reason is the problem.
        yield 'problem' in read ? null : read.item;
      }
      return;
    }
    for await (const { row, value, line, unreadable } of jsonRows(file, shape)) {
      rowNumbers.note(index, row);
      if (index++ < startIndex) continue;
      const problem = unreadable ?? jsonProblem(value);
      pending.set(index - 1, { cells: [line], ...(problem ? { problem } : {}) });
      yield problem ? null : jsonItem(value);
    }
  }

  const stop = new AbortController();
  const interrupt = () => stop.abort(new CommandError('interrupted'));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const zero: UpsertProgress = { read: 0, sent: 0, created: 0, updated: 0, invalid: 0, keptUnsubscribed: 0, requests: 0, resumeAt: startIndex };
  let last = zero;
  const total = (p: UpsertProgress): UpsertProgress => ({
    read: startIndex + p.read,
    sent: base.sent + p.sent,
    created: base.created + p.created,
    updated: base.updated + p.updated,
    invalid: base.invalid + p.invalid,
    keptUnsubscribed: base.keptUnsubscribed + p.keptUnsubscribed,
    requests: base.requests + p.requests,
    resumeAt: p.resumeAt,
  });
  const progress = new Progress(shape.rows, dryRun, () => connection?.api.budget());
  /** The fastest request so far, in real time: the pace of a request that did not wait for the window. */
  let requestMs: number | undefined;
  let sentAt = 0;
  let resent: { count: number; created: number; updated: number } | undefined;
  const save = (t: UpsertProgress, flight?: Checkpoint['inFlight']) => {
    if (dryRun) return;
    const { read: _read, ...counts } = t;
    writeCheckpoint(checkpointFile, { version: 2, file: name, size: stat.size, mtimeMs: stat.mtimeMs, baseUrl: connection!.api.baseUrl, ...counts, ...(flight ? { inFlight: flight } : {}) });
  };
  const upsertOptions: UpsertOptions = {
    startIndex,
    signal: stop.signal,
    resubscribe: options.resubscribe,
    onInvalid: reject,
    onKeptUnsubscribed: ({ index }) => pending.delete(index),
    // Reading the workspace's list takes a request per 100 subscribers, before the first row is sent.
    onConsentCheck: ({ read, unsubscribed, done }) => {
      if (done) {
        console.error(`Read the workspace's ${plural(read, 'subscriber')} to know who has unsubscribed: ${count(unsubscribed)}.`);
      } else if (read === 100) {
        console.error('Reading the workspace\'s subscribers to know who has unsubscribed, a request per 100…');
      } else if (read % 1000 === 0) {
        console.error(`${count(read)} subscribers read…`);
      }
    },
    onSend: (rows) => {
      sentAt = Date.now();
      save(total(last), rows);
    },
    onProgress: (p) => {
      if (p.requests > last.requests) requestMs = Math.min(requestMs ?? Infinity, Date.now() - sentAt);
      if (inFlight && !resent && p.requests > 0) resent = { count: inFlight.count, created: p.created, updated: p.updated };
      last = p;
      for (const index of pending.keys()) if (index < p.resumeAt) pending.delete(index);
      const t = total(p);
      save(t);
      progress.update(t, requestMs);
    },
  };
  try {
    // A dry run goes through the same checks and chunks, and sends nothing.
    if (dryRun) await upsertAll(items(), upsertOptions, async () => ({ created: 0, updated: 0 }));
    else await connection!.api.subscribers.upsert(items(), upsertOptions);
  } catch (error) {
    progress.done();
    const t = total(last);
    const resumable = t.requests > 0;
    if (!resumable && !resume) removeCheckpoint(checkpointFile);
    await report.abandon(resumable || Boolean(resume));
    const where = resumable
      ? `Stopped at row ${count(rowNumbers.of(t.resumeAt))} after ${plural(t.sent, 'row')} sent; run the same command again to resume.`
      : 'Nothing was imported.';
    const partial = report.rows && (resumable || resume) ? ` Rows rejected so far are in ${report.partialPath}.` : '';
    if (stop.signal.aborted) throw new CommandError(`interrupted. ${where}${partial}`);
    throw new CommandError(`${explain(error, connection).message} ${where}${partial}`);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
  const t = total(last);
  progress.update(t, requestMs, true);
  progress.done();
  if (!dryRun) removeCheckpoint(checkpointFile);
  const hasReport = await report.complete();
  const rejected = t.invalid ? `, ${count(t.invalid)} rejected${hasReport ? ` (see ${report.path})` : ''}` : ', none rejected';
  const kept = t.keptUnsubscribed
    ? `, ${count(t.keptUnsubscribed)} left unsubscribed (marked subscribed in the file, but they had unsubscribed; --resubscribe subscribes them again)`
    : '';
  const notes = [
    shape.encodingNote ? ` ${shape.encodingNote}.` : '',
    resent ? ` The ${plural(resent.count, 'row')} in flight when the last run stopped ${resent.count === 1 ? 'was' : 'were'} sent again: ${count(resent.created)} created, ${count(resent.updated)} updated${resent.updated ? ' (the service had saved those before the run stopped)' : ''}.` : '',
  ].join('');
  if (dryRun) {
    const requests = Math.ceil(t.sent / PER_REQUEST);
    const time = requests <= 60 ? 'under a minute' : `about ${duration((Math.ceil(requests / 60) - 1) * 60_000)}`;
    console.error(
      `Dry run of ${name}: ${plural(t.read, 'row')} read, ${count(t.sent)} would be sent in ${plural(requests, 'request')} ` +
        `(${time} at 60 a minute)${rejected}. Nothing was sent.${notes}`,
    );
  } else {
    console.error(
      `Imported ${name}: ${plural(t.read, 'row')} read, ${count(t.sent)} sent in ${plural(t.requests, 'request')} ` +
        `(${count(t.created)} created, ${count(t.updated)} updated)${kept}${rejected}, in ${progress.elapsed()}.${notes}`,
    );
  }
  return 0;
}

/**
 * A --map that takes a recognised status column (Ghost's subscribed_to_emails, Kit's state…)
 * off the status must not cost anyone their unsubscribe: one pass over the rows before
 * anything is sent, and a refusal naming how many rows and the first of them.
 */
async function refuseLostUnsubscribes(file: string, shape: FileShape, name: string, mapping: Mapping): Promise<void> {
  let lost = 0;
  let first: { row: number; column: string } | undefined;
  for await (const { row, cells } of csvRows(file, shape, name)) {
    if (row <= 1) continue;
    const read = itemOf(mapping, cells);
    const column = 'problem' in read ? undefined : lostUnsubscribe(mapping, cells, read.item);
    if (column === undefined) continue;
    lost++;
    first ??= { row, column };
  }
  if (!first) return;
  throw new InputError(
    `--map takes "${first.column}" off the status, but it says ${plural(lost, 'row has', 'rows have')} unsubscribed (the first is row ${count(first.row)}): ` +
      `imported without it, ${lost === 1 ? 'that person' : 'those people'} would be subscribed. Keep "${first.column}" as the status, or map another column to status that says so.`,
  );
}

/** Why a JSON Lines value is not a subscriber, for the few things the upsert's own checks would word less well. */
function jsonProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'the line is not a JSON object';
  const { status, created_at: createdAt } = value as Record<string, unknown>;
  if (status !== undefined && status !== null) {
    if (typeof status !== 'string') return 'the status is not text: write "subscribed" or "unsubscribed"';
    if (status.trim() === '') return 'the status is empty: write whether this person is subscribed or unsubscribed';
    if (statusWord(status) === null) return `the status "${status}" is not one this command knows`;
  }
  if (typeof createdAt === 'string' && readDate(createdAt) === null) return `the join date "${createdAt}" is not a date this command reads`;
  return undefined;
}

/** A JSON Lines subscriber (an export's, or anyone's) with its status and date read as in a CSV. */
function jsonItem(value: unknown): unknown {
  const { email, name, fields, status, created_at: createdAt } = value as Record<string, unknown>;
  return {
    email,
    name,
    fields,
    ...(typeof status === 'string' && statusWord(status) ? { status: statusWord(status) } : {}),
    ...(typeof createdAt === 'string' && readDate(createdAt) ? { created_at: readDate(createdAt) } : {}),
  };
}
