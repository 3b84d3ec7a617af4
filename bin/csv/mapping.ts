/**
 * Which column of a file feeds which part of a subscriber, and how a row becomes the item the
 * API is sent. Creators bring files from other platforms, and the columns that carry consent
 * and join dates differ in name and in meaning: Ghost says `subscribed_to_emails` (true when
 * mailed), Substack `email_disabled` (true when not), Kit a `status`/`state` word, Mailchimp
 * one file per status with `UNSUB_TIME` or `CLEAN_TIME` in the unsubscribed and cleaned ones.
 * Read as plain fields they would quietly turn unsubscribed people into subscribed ones, so
 * each is recognised here by the header names those platforms' docs give, `--map` overrides
 * any of it, and a status word this table does not know rejects the row rather than guess.
 *
 * Rules of reading, in one place:
 * - several status columns: one that says unsubscribed wins (consent is never assumed);
 * - unconfirmed, pending and the like read as unsubscribed: the API has no unconfirmed state,
 *   and nobody is mailed who did not confirm;
 * - a status that cannot be read is never guessed: an unknown word, an empty cell, or a bare
 *   yes/no in a column of words (yes to what?) rejects the row with the reason;
 * - a Mailchimp file's status is the file's: its columns (UNSUB_TIME, CLEAN_TIME) or the name
 *   Mailchimp gave it say which, whatever `--map` does, and a Mailchimp file whose name and
 *   columns do not say is refused;
 * - `--map` may take a recognised status column off the status, but the import refuses to
 *   start if that would leave a row that the column marks unsubscribed without saying so
 *   (see `lostUnsubscribe`);
 * - dates without a zone are read as UTC.
 */
import { InputError } from '../usage.js';

export type SubscriberStatus = 'subscribed' | 'unsubscribed';

/** How a status column reads: words, a yes/no that means subscribed, one that means not, or a date of leaving. */
type StatusReading = 'words' | 'subscribed-if-true' | 'unsubscribed-if-true';

export type Target =
  | { kind: 'email' }
  | { kind: 'name' }
  | { kind: 'first_name' }
  | { kind: 'last_name' }
  | { kind: 'status'; reading: StatusReading }
  | { kind: 'created_at' }
  | { kind: 'fields' }
  | { kind: 'field'; name: string }
  | { kind: 'skip' };

export interface Mapping {
  columns: string[];
  targets: Target[];
  /**
   * Every row's status when the file itself says it (Mailchimp's per-status exports): an
   * unsubscribed file's rows are unsubscribed whatever else they say; a subscribed file's rows
   * are subscribed unless a status column says otherwise.
   */
  fileStatus?: { status: SubscriberStatus; why: string };
  /** Recognised status columns that --map read as something else, with how they read. */
  dropped: Array<{ index: number; reading: StatusReading }>;
  /** Which column each target came from: recognised, or set with --map. */
  given: Set<number>;
  /** Other join date columns, best first, for a row whose created_at cell is empty (Mailchimp's CONFIRM_TIME). */
  dateFallbacks: number[];
}

/** Header names compared without case, spaces, underscores or dashes. */
const key = (header: string) => header.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

const KNOWN: Record<string, Target> = {
  email: { kind: 'email' },
  'email address': { kind: 'email' },
  'e mail': { kind: 'email' },
  'e mail address': { kind: 'email' },
  'user email address': { kind: 'email' },
  name: { kind: 'name' },
  'full name': { kind: 'name' },
  'user name': { kind: 'name' },
  'first name': { kind: 'first_name' },
  firstname: { kind: 'first_name' },
  'last name': { kind: 'last_name' },
  lastname: { kind: 'last_name' },
  fields: { kind: 'fields' },
  // Status words: ours, Kit (state), Buttondown (subscriber_type), beehiiv (status).
  status: { kind: 'status', reading: 'words' },
  state: { kind: 'status', reading: 'words' },
  'subscriber type': { kind: 'status', reading: 'words' },
  'subscription status': { kind: 'status', reading: 'words' },
  // Yes/no columns: Ghost's true means mailed, Substack's true means not.
  'subscribed to emails': { kind: 'status', reading: 'subscribed-if-true' },
  subscribed: { kind: 'status', reading: 'subscribed-if-true' },
  'email disabled': { kind: 'status', reading: 'unsubscribed-if-true' },
  unsubscribed: { kind: 'status', reading: 'unsubscribed-if-true' },
  // A date of leaving: Mailchimp's unsubscribed and cleaned files, Buttondown, Substack.
  'unsub time': { kind: 'status', reading: 'unsubscribed-if-true' },
  'clean time': { kind: 'status', reading: 'unsubscribed-if-true' },
  'unsubscribed at': { kind: 'status', reading: 'unsubscribed-if-true' },
  'unsubscription date': { kind: 'status', reading: 'unsubscribed-if-true' },
  // What the service owns, and the two columns FILE.rejected.csv adds: not fields.
  id: { kind: 'skip' },
  'updated at': { kind: 'skip' },
  'deleted at': { kind: 'skip' },
  'rejected row': { kind: 'skip' },
  'rejected reason': { kind: 'skip' },
};

/** Join date columns, best first: a row takes the first of them that has a value. */
const DATE_COLUMNS = [
  'created at',
  'subscription created at',
  'creation date',
  'created',
  'subscription date',
  'subscribed at',
  'optin time',
  'confirm time',
  'date added',
  'signup date',
  'join date',
];

// The words of Ghost, Kit (active, inactive, cancelled, bounced, complained), Buttondown's
// subscriber types, beehiiv (active, inactive, pending, validating, invalid, needs attention),
// Mailchimp, and ours. Buttondown's and beehiiv's "paused" is left out on purpose: it means
// still subscribed on one and not mailed on the other.
const SUBSCRIBED_WORDS = new Set([
  'subscribed', 'active', 'confirmed', 'regular', 'premium', 'paid', 'trialed', 'gifted', 'unpaid',
  'churning', 'churned', 'past due', 'comped', 'complimentary', 'opted in', 'opt in',
]);
const UNSUBSCRIBED_WORDS = new Set([
  'unsubscribed', 'cancelled', 'canceled', 'bounced', 'complained', 'cleaned', 'inactive', 'unconfirmed',
  'pending', 'unactivated', 'blocked', 'spammy', 'removed', 'undeliverable', 'deleted', 'disabled',
  'invalid', 'validating', 'needs attention', 'needs approval', 'opted out', 'opt out', 'non subscribed',
  'nonsubscribed', 'archived', 'transactional',
]);
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** A status word as the API knows it; undefined for an empty cell; null for a word this table does not know. */
export function statusWord(value: string): SubscriberStatus | undefined | null {
  const word = key(value);
  if (word === '') return undefined;
  if (SUBSCRIBED_WORDS.has(word)) return 'subscribed';
  if (UNSUBSCRIBED_WORDS.has(word)) return 'unsubscribed';
  return null;
}

/**
 * A status cell as the API knows it; undefined for an empty cell (or, for a date of leaving, no
 * date: they did not leave); null for a value that cannot be read. In a column of words a bare
 * yes or no is null: "true" in Substack's email_disabled means the opposite of Ghost's
 * subscribed_to_emails, so which one a column is must be said (--map COLUMN=subscribed|unsubscribed).
 */
function readStatus(reading: StatusReading, value: string): SubscriberStatus | undefined | null {
  const word = key(value);
  if (word === '') return undefined;
  if (reading === 'words') return statusWord(value);
  const yes = TRUE.has(word);
  const no = FALSE.has(word);
  if (reading === 'subscribed-if-true') return yes ? 'subscribed' : no ? 'unsubscribed' : null;
  // A date of leaving, or a yes, means unsubscribed.
  return no ? 'subscribed' : 'unsubscribed';
}

/**
 * A join date as ISO 8601: ISO itself, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` with or without
 * a zone (none, or "UTC", is UTC), or unix seconds or milliseconds. Undefined for an empty
 * cell, null for anything else: "03/04/2024" is the 3rd of April or the 4th of March
 * depending on who wrote it, so it is refused, not guessed.
 */
export function readDate(value: string): string | undefined | null {
  const text = value.trim();
  if (text === '') return undefined;
  let ms = NaN;
  if (/^\d{10}$/.test(text)) ms = Number(text) * 1000;
  else if (/^\d{13}$/.test(text)) ms = Number(text);
  else {
    const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?)?$/i.exec(text);
    if (m) {
      const zone = !m[3] || /^(utc|gmt)$/i.test(m[3]) ? 'Z' : m[3];
      ms = Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}${zone}`);
    }
  }
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export const MAP_TARGETS = 'email, name, first_name, last_name, status, subscribed, unsubscribed, created_at, fields, skip or field:NAME';

function targetOf(text: string): Target | undefined {
  const t = text.trim();
  if (t.startsWith('field:') && t.length > 6) return { kind: 'field', name: t.slice(6).trim() };
  switch (t.toLowerCase()) {
    case 'email':
    case 'name':
    case 'first_name':
    case 'last_name':
    case 'created_at':
    case 'fields':
    case 'skip':
      return { kind: t.toLowerCase() } as Target;
    case 'status':
      return { kind: 'status', reading: 'words' };
    case 'subscribed':
      return { kind: 'status', reading: 'subscribed-if-true' };
    case 'unsubscribed':
      return { kind: 'status', reading: 'unsubscribed-if-true' };
    default:
      return undefined;
  }
}

/**
 * The mapping for a header row: each column recognised by name, then each `--map
 * COLUMN=FIELD` applied over it. A file without an email column is refused here, before
 * anything is sent, naming the columns it has and the --map that would fix it.
 */
export function mappingFor(columns: string[], maps: readonly string[], file: string): Mapping {
  const recognised: Target[] = columns.map((column) => KNOWN[key(column)] ?? (column.trim() ? { kind: 'field', name: column.trim() } : { kind: 'skip' }));
  const targets = [...recognised];
  const given = new Set<number>();
  // One join date column: the best one the file has; the others stay fields.
  const dates = DATE_COLUMNS.map((name) => columns.findIndex((c) => key(c) === name)).filter((i) => i >= 0);
  if (dates.length) targets[dates[0]!] = { kind: 'created_at' };
  let dateFallbacks = dates.slice(1);

  for (const map of maps) {
    const eq = map.lastIndexOf('=');
    const column = eq > 0 ? map.slice(0, eq) : '';
    const target = eq > 0 ? targetOf(map.slice(eq + 1)) : undefined;
    if (!column || !target) throw new InputError(`--map "${map}" is not COLUMN=FIELD, where FIELD is ${MAP_TARGETS}.`);
    let at = columns.findIndex((c) => c === column);
    if (at < 0) at = columns.findIndex((c) => key(c) === key(column));
    if (at < 0) throw new InputError(`--map names a column "${column}" that ${file} does not have. Its columns: ${columns.map((c) => `"${c}"`).join(', ')}.`);
    // A field that takes over from another column leaves that one a plain field.
    if (['email', 'name', 'created_at', 'first_name', 'last_name'].includes(target.kind)) {
      targets.forEach((t, i) => {
        if (i !== at && t.kind === target.kind && !given.has(i)) targets[i] = { kind: 'field', name: columns[i]!.trim() };
      });
    }
    targets[at] = target;
    given.add(at);
    if (target.kind === 'created_at') dateFallbacks = [];
  }

  if (!targets.some((t) => t.kind === 'email')) {
    const found = columns.length ? columns.map((c) => `"${c}"`).join(', ') : 'none';
    const guess = columns.find((c) => /mail/i.test(c)) ?? columns[0] ?? 'COLUMN';
    throw new InputError(
      `${file} has no email column (its header row has ${found}). ` +
        `Name the column that holds the addresses with --map, e.g. --map "${guess}=email".` +
        (columns.length === 1 && /[;\t]/.test(columns[0]!) ? ' The header looks like one column: is the file separated by something else than its delimiter? Try --delimiter.' : ''),
    );
  }

  const dropped = recognised.flatMap((t, index) => (t.kind === 'status' && targets[index]!.kind !== 'status' ? [{ index, reading: t.reading }] : []));
  const fileStatus = mailchimpStatus(columns, file);
  return {
    columns,
    targets,
    given,
    dateFallbacks: dateFallbacks.filter((i) => targets[i]!.kind === 'field'),
    dropped,
    ...(fileStatus ? { fileStatus } : {}),
  };
}

/**
 * The status of every row of one of the files Mailchimp's audience export holds: subscribed,
 * unsubscribed, cleaned and non-subscribed contacts, each in its own file with no status
 * column. The unsubscribed and cleaned files have UNSUB_TIME or CLEAN_TIME; the subscribed and
 * non-subscribed ones are told apart only by their names (subscribed_members_export_….csv,
 * nonsubscribed_members_export_….csv), so a Mailchimp file whose name does not say is refused
 * rather than read as subscribed: the non-subscribed never opted in.
 */
function mailchimpStatus(columns: string[], file: string): Mapping['fileStatus'] {
  const keys = new Set(columns.map(key));
  if (keys.has('unsub time')) return { status: 'unsubscribed', why: 'a Mailchimp unsubscribed export (UNSUB_TIME)' };
  if (keys.has('clean time')) return { status: 'unsubscribed', why: 'a Mailchimp cleaned export (CLEAN_TIME): the address bounced' };
  if (!(keys.has('leid') && (keys.has('optin time') || keys.has('member rating')))) return undefined;
  const name = file.toLowerCase();
  if (/(^|[^a-z])(nonsubscribed|non subscribed|non-subscribed)/.test(name)) {
    return { status: 'unsubscribed', why: 'a Mailchimp non-subscribed export (by its name): they never opted in' };
  }
  if (/(^|[^a-z])(unsubscribed|cleaned)/.test(name)) return { status: 'unsubscribed', why: 'a Mailchimp unsubscribed or cleaned export (by its name)' };
  if (/(^|[^a-z])subscribed/.test(name)) return { status: 'subscribed', why: 'a Mailchimp subscribed export (by its name)' };
  throw new InputError(
    `${file} looks like a file of Mailchimp's audience export (LEID, OPTIN_TIME), but neither its name nor its columns say ` +
      'whose it is: subscribed, unsubscribed, cleaned or non-subscribed contacts (who never opted in). Import it under the name ' +
      'Mailchimp gave it (subscribed_members_export_….csv and so on), or add a status column.',
  );
}

export interface RowItem {
  email?: string;
  name?: string;
  status?: SubscriberStatus;
  created_at?: string;
  fields?: Record<string, string> | unknown;
}

/** A row as the item to send, or why it cannot be read. */
export function itemOf(mapping: Mapping, cells: readonly string[]): { item: RowItem } | { item: RowItem; problem: string } {
  const item: RowItem = {};
  const fields: Record<string, string> = {};
  let first = '';
  let last = '';
  let subscribed = false;
  let unsubscribed = false;
  /** A status column of words or yes/no left empty: nobody is guessed subscribed. */
  let empty: string | undefined;
  let problem: string | undefined;
  mapping.targets.forEach((target, i) => {
    const value = cells[i] ?? '';
    switch (target.kind) {
      case 'email':
        item.email = value;
        break;
      case 'name':
        if (value.trim()) item.name = value;
        break;
      case 'first_name':
        first = value.trim();
        break;
      case 'last_name':
        last = value.trim();
        break;
      case 'status': {
        const status = readStatus(target.reading, value);
        const column = mapping.columns[i]!;
        if (status === null) {
          problem ??=
            target.reading === 'words' && (TRUE.has(key(value)) || FALSE.has(key(value)))
              ? `the status "${value.trim()}" (${column}) could mean either: say --map "${column}=subscribed" if it means subscribed, --map "${column}=unsubscribed" if it means unsubscribed`
              : `the status "${value.trim()}" (${column}) is not one this command knows; say which column means what with --map`;
        }
        if (status === undefined && target.reading !== 'unsubscribed-if-true') empty ??= column;
        if (status === 'subscribed') subscribed = true;
        if (status === 'unsubscribed') unsubscribed = true;
        break;
      }
      case 'created_at': {
        const date = readDate(value);
        if (date === null) problem ??= `the join date "${value.trim()}" (${mapping.columns[i]}) is not a date this command reads: use YYYY-MM-DD, with a time if you like`;
        else if (date) item.created_at = date;
        break;
      }
      case 'fields': {
        if (value.trim() === '') break;
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          problem ??= `the "${mapping.columns[i]}" column is not a JSON object`;
          break;
        }
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(fields, parsed);
        else problem ??= `the "${mapping.columns[i]}" column is not a JSON object`;
        break;
      }
      case 'field':
        if (value.trim() !== '') fields[target.name] = value;
        break;
      case 'skip':
        break;
    }
  });
  if (!item.created_at && !problem) {
    for (const i of mapping.dateFallbacks) {
      const date = readDate(cells[i] ?? '');
      if (date) {
        item.created_at = date;
        break;
      }
    }
  }
  item.name ??= [first, last].filter(Boolean).join(' ') || undefined;
  if (!item.name) delete item.name;
  const status = statusOf(mapping, unsubscribed, subscribed);
  if (status) item.status = status;
  else if (empty) problem ??= `the status (${empty}) is empty: write whether this person is subscribed or unsubscribed`;
  item.fields = fields;
  return problem ? { item, problem } : { item };
}

/** What the status columns and the file say together: unsubscribed wins, then subscribed. */
function statusOf(mapping: Mapping, unsubscribed: boolean, subscribed: boolean): SubscriberStatus | undefined {
  if (unsubscribed || mapping.fileStatus?.status === 'unsubscribed') return 'unsubscribed';
  if (subscribed || mapping.fileStatus?.status === 'subscribed') return 'subscribed';
  return undefined;
}

/**
 * For a row about to be sent: the recognised status column that --map took off the status
 * and that marks this person unsubscribed, when the row is not sent as unsubscribed all the
 * same. The import refuses to start when any row has one (a --map must never cost consent).
 */
export function lostUnsubscribe(mapping: Mapping, cells: readonly string[], item: RowItem): string | undefined {
  if (item.status === 'unsubscribed') return undefined;
  const lost = mapping.dropped.find(({ index, reading }) => readStatus(reading, cells[index] ?? '') === 'unsubscribed');
  return lost && mapping.columns[lost.index];
}

/** One line per column for --dry-run: where it goes, with what it read from the first rows. */
export function describe(mapping: Mapping, samples: ReadonlyArray<readonly string[]>): string[] {
  const width = Math.min(28, Math.max(...mapping.columns.map((c) => c.length), 6));
  const lines = mapping.targets.map((target, i) => {
    const label = {
      email: 'email',
      name: 'name',
      first_name: 'name (first part)',
      last_name: 'name (last part)',
      status: target.kind === 'status' ? `status (${target.reading === 'words' ? 'words' : target.reading.replace(/-/g, ' ')})` : '',
      created_at: 'created_at (join date)',
      fields: 'fields (a JSON object)',
      field: target.kind === 'field' ? `field "${target.name}"` : '',
      skip: 'not imported',
    }[target.kind];
    const seen = samples.map((row) => row[i] ?? '').filter((v) => v.trim() !== '').slice(0, 3);
    const shown = seen.map((v) => {
      const text = JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v);
      if (target.kind === 'status') return `${text} → ${readStatus(target.reading, v) ?? 'unknown: row rejected'}`;
      if (target.kind === 'created_at') return `${text} → ${readDate(v) ?? 'unreadable: row rejected'}`;
      return text;
    });
    const fallback = target.kind === 'created_at' && mapping.dateFallbacks.length ? `, or when empty ${mapping.dateFallbacks.map((f) => mapping.columns[f]).join(', ')}` : '';
    return `  ${mapping.columns[i]!.padEnd(width)}  → ${label}${fallback}${mapping.given.has(i) ? ' (--map)' : ''}${shown.length ? `   e.g. ${shown.join(', ')}` : ''}`;
  });
  const statusColumn = mapping.targets.some((t) => t.kind === 'status');
  if (mapping.fileStatus) {
    const every = mapping.fileStatus.status === 'unsubscribed' || !statusColumn;
    lines.push(`  ${every ? 'every row is' : 'a row whose status columns say nothing is'} ${mapping.fileStatus.status}: ${mapping.fileStatus.why}`);
  } else if (!statusColumn) {
    lines.push('  no status column: new subscribers are subscribed, existing ones keep their status');
  }
  if (!mapping.targets.some((t) => t.kind === 'created_at')) lines.push('  no join date column: new subscribers join today');
  return lines;
}
