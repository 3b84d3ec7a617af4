/**
 * `hub-kit subscribers export|import`: its usage and flags, and which job each action is.
 * The jobs live beside it: export.ts and import.ts, with the file reading in bin/csv/, the
 * checkpoint and the reject report in bin/import/, and the progress display in bin/progress.ts.
 */
import { extname } from 'node:path';
import { API_FLAGS, API_USAGE, refuseKeyFlags } from '../../api.js';
import { MAP_TARGETS } from '../../csv/mapping.js';
import type { Format } from '../../csv/rows.js';
import { DELIMITERS, ENCODING_NAMES, encodingOf, type Delimiter } from '../../csv/shape.js';
import { UsageError, parseFlags } from '../../usage.js';
import { exportSubscribers } from './export.js';
import { importSubscribers } from './import.js';

export const usage = `Usage: hub-kit subscribers export [--format csv|jsonl] [--out FILE] [--bom | --excel] [--base-url URL]
       hub-kit subscribers import FILE [--map COLUMN=FIELD]... [--dry-run] [--resubscribe]
                                       [--format csv|jsonl] [--delimiter D] [--encoding E] [--restart] [--base-url URL]

export   writes every subscriber of the key's workspace, as CSV (a header row, then
         id,email,name,status,created_at,updated_at,fields) or JSON Lines, to FILE or stdout.
import   upserts every row of FILE, matched by email, 100 to a request at the key's 60
         requests a minute. Status and join date are kept: an export imports back as it was,
         and the status and date columns of Ghost, Substack, Kit, Mailchimp, Buttondown and
         beehiiv exports are recognised. Nobody who unsubscribed is subscribed again unless
         you say --resubscribe. Rows that cannot be sent go to FILE.rejected.csv with the
         reason. An interrupted import resumes when run again; --restart starts over.

  --format F        csv or jsonl; by default from the file's extension (.csv, .tsv, .jsonl, .ndjson)
  --out FILE        export to FILE instead of stdout
  --bom             export: start the CSV with a byte-order mark, so Excel reads it as UTF-8
  --excel           export: --bom, and Windows line ends
  --map COL=FIELD   import: read column COL as FIELD, one of
                    ${MAP_TARGETS}
                    (status: words such as active; subscribed or unsubscribed: a yes/no
                    column whose yes means that). Repeat it for more columns; --dry-run
                    shows the mapping chosen
  --dry-run         import: check the file and every row, show the mapping, send nothing
  --resubscribe     import: rows marked subscribed subscribe again people who had unsubscribed;
                    only for people who asked you to
  --delimiter D     import: comma, semicolon or tab; by default the header row's
  --encoding E      import: ${ENCODING_NAMES};
                    by default UTF-8, or Windows-1252 when the file is clearly that
  --restart         import: ignore the checkpoint of an interrupted import
${API_USAGE}`;

const IMPORT_ONLY = ['dry-run', 'restart', 'resubscribe', 'delimiter', 'encoding'];
const EXPORT_ONLY = ['out', 'bom', 'excel'];

function formatOf(flags: Map<string, string | true>, file?: string): { format: Format; delimiterHint?: Delimiter } {
  const given = flags.get('format');
  if (given !== undefined) {
    if (given !== 'csv' && given !== 'jsonl') throw new UsageError(`--format must be csv or jsonl, not "${String(given)}".`);
    return { format: given };
  }
  const ext = file ? extname(file).toLowerCase() : '.csv';
  if (ext === '.csv') return { format: 'csv' };
  if (ext === '.tsv' || ext === '.tab') return { format: 'csv', delimiterHint: '\t' };
  if (ext === '.jsonl' || ext === '.ndjson') return { format: 'jsonl' };
  throw new UsageError(`cannot tell the format of "${file}" from its extension; pass --format csv or --format jsonl.`);
}

export async function run(argv: readonly string[]): Promise<number> {
  refuseKeyFlags(argv);
  const { flags, lists, positional } = parseFlags(argv, {
    values: ['format', 'out', 'delimiter', 'encoding', ...API_FLAGS],
    booleans: ['dry-run', 'restart', 'resubscribe', 'bom', 'excel'],
    lists: ['map'],
  });
  if (flags.has('help')) {
    console.log(usage);
    return 0;
  }
  const [action, ...rest] = positional;
  if (action === 'export') {
    if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}".`);
    for (const flag of [...IMPORT_ONLY, ...lists.keys()]) if (flags.has(flag) || lists.has(flag)) throw new UsageError(`--${flag} is for import.`);
    const out = flags.get('out') === undefined ? undefined : String(flags.get('out'));
    const { format } = formatOf(flags, out);
    const excel = flags.has('excel');
    if (format !== 'csv' && (excel || flags.has('bom'))) throw new UsageError(`--${excel ? 'excel' : 'bom'} is for a CSV export.`);
    return exportSubscribers({ format, flags, bom: excel || flags.has('bom'), crlf: excel, ...(out ? { out } : {}) });
  }
  if (action === 'import') {
    if (rest.length !== 1) throw new UsageError(rest.length ? `Unexpected argument "${rest[1]}".` : 'import needs a FILE.');
    for (const flag of EXPORT_ONLY) if (flags.has(flag)) throw new UsageError(`--${flag} is for export.`);
    const file = rest[0]!;
    const { format, delimiterHint } = formatOf(flags, file);
    const encodingText = flags.get('encoding');
    const encoding = encodingText === undefined ? undefined : encodingOf(String(encodingText));
    if (encodingText !== undefined && !encoding) throw new UsageError(`--encoding must be ${ENCODING_NAMES}, not "${String(encodingText)}".`);
    const delimiterText = flags.get('delimiter');
    const delimiter = delimiterText === undefined ? undefined : DELIMITERS[String(delimiterText).toLowerCase()];
    if (delimiterText !== undefined && !delimiter) throw new UsageError(`--delimiter must be comma, semicolon or tab, not "${String(delimiterText)}".`);
    return importSubscribers({
      file,
      format,
      flags,
      maps: lists.get('map') ?? [],
      dryRun: flags.has('dry-run'),
      restart: flags.has('restart'),
      resubscribe: flags.has('resubscribe'),
      ...(encoding ? { encoding } : {}),
      ...(delimiter ? { delimiter } : {}),
      ...(delimiterHint ? { delimiterHint } : {}),
    });
  }
  throw new UsageError(action === undefined ? 'Say export or import.' : `Unknown action "${action}": export or import.`);
}
