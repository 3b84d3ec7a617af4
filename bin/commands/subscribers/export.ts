/**
 * `hub-kit subscribers export`: every subscriber of the key's workspace, as CSV or JSON
 * Lines, streamed as it is read, with the status and join date that make it a backup an
 * import restores. `--bom` (or `--excel`) starts the CSV with a byte-order mark so that
 * Excel reads it as UTF-8 ("Zürich", not "ZÃ¼rich").
 */
import { closeSync, createWriteStream, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { connect, explain } from '../../api.js';
import type { Format } from '../../csv/rows.js';
import { plural, writeAll } from '../../output.js';
import { InputError } from '../../usage.js';

export const EXPORT_COLUMNS = ['id', 'email', 'name', 'status', 'created_at', 'updated_at', 'fields'];

export interface ExportOptions {
  format: Format;
  out?: string;
  flags: Map<string, string | true>;
  /** Start with a UTF-8 byte-order mark. */
  bom: boolean;
  /** Windows line ends, for spreadsheets. */
  crlf: boolean;
}

/** Opens where the export goes before anything is asked of the service, naming --out if it cannot. */
function openTarget(out: string): { partial: string; stream: Writable } {
  // Written beside the target and renamed at the end: a failed export never leaves a
  // truncated file that looks like a complete backup.
  const partial = `${out}.partial`;
  let fd: number;
  try {
    fd = openSync(partial, 'w');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? `there is no folder ${dirname(out)}` :
      code === 'EACCES' || code === 'EPERM' ? `you may not write in ${dirname(out)}` :
      code === 'EISDIR' ? 'it is a folder' :
      (error as Error).message;
    throw new InputError(`--out ${out} cannot be written: ${why}.`);
  }
  try {
    return { partial, stream: createWriteStream('', { fd }) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

export async function exportSubscribers(options: ExportOptions): Promise<number> {
  const { format, out } = options;
  const connection = connect(options.flags);
  const target = out ? openTarget(out) : undefined;
  let exported = 0;
  async function* subscribers() {
    for await (const s of connection.api.subscribers.all()) {
      exported++;
      if (format === 'jsonl') yield `${JSON.stringify(s)}\n`;
      else yield [s.id, s.email, s.name ?? '', s.status ?? '', s.created_at ?? '', s.updated_at ?? '', s.fields && Object.keys(s.fields).length ? JSON.stringify(s.fields) : ''];
    }
  }
  const rows = Readable.from(subscribers(), { objectMode: true });
  const chunks: AsyncIterable<string | Buffer> =
    format === 'csv'
      ? rows.pipe(stringify({ header: true, columns: EXPORT_COLUMNS, bom: options.bom, record_delimiter: options.crlf ? 'windows' : 'unix' }))
      : (rows as AsyncIterable<string>);
  // A failure while reading ends the CSV writer too, so the loop below sees it.
  rows.on('error', (error) => (chunks as Readable).destroy?.(error));
  try {
    if (target) {
      await writeAll(chunks, target.stream);
      await new Promise<void>((resolve, reject) => target.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    } else {
      await writeAll(chunks, process.stdout);
    }
  } catch (error) {
    target?.stream.destroy();
    if (target) rmSync(target.partial, { force: true });
    // A reader of stdout that has gone (`| head`) never gets here: hub-kit.ts ends the command with 0.
    throw explain(error, connection);
  }
  if (out && target) {
    renameSync(target.partial, out);
    console.error(`Exported ${plural(exported, 'subscriber')} to ${out}.`);
  } else {
    console.error(`Exported ${plural(exported, 'subscriber')}.`);
  }
  return 0;
}
