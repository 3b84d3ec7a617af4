/**
 * The bulk upsert of any number of subscribers: checked one by one, de-duplicated by
 * normalized email, and sent 100 to a request, one request at a time, so that a list of
 * any length streams through in constant memory (one chunk, plus one entry per address
 * seen for de-duplication).
 *
 * Consent is the creator's legal duty, and the service re-subscribes an unsubscribed person
 * when told `status: "subscribed"`. So an item marked subscribed is sent without its status
 * (a new subscriber is created subscribed all the same, an existing one keeps its status)
 * unless the caller sets `resubscribe`; and an item marked subscribed whose address has
 * unsubscribed from the workspace is not sent at all, but counted as kept unsubscribed. A
 * repeated address is not sent again, except to unsubscribe someone the first item did not.
 */
import { ValidationError } from './errors.js';
import type { BulkResult } from '../api/schema.js';

export interface InvalidRow {
  /** The row's position in the input, counting from 0 (from `startIndex` when given). */
  index: number;
  /** The email as given, or '' when there was none. */
  email: string;
  reason: string;
  /** For a repeated address: the index of the row that has it first, which is sent instead. */
  duplicateOf?: number;
}

export interface UpsertProgress {
  /** Rows taken from the input so far. */
  read: number;
  /** Rows sent in acknowledged requests. */
  sent: number;
  created: number;
  updated: number;
  invalid: number;
  /** Rows marked subscribed for someone who has unsubscribed: not sent, left unsubscribed. */
  keptUnsubscribed: number;
  requests: number;
  /**
   * Every row before this index is done: acknowledged by the service, or rejected here. A
   * run that stops can resume from it (`startIndex`) without sending an acknowledged row again.
   */
  resumeAt: number;
}

export interface UpsertOptions {
  /** Called after every acknowledged request, and once at the end. */
  onProgress?: (progress: UpsertProgress) => void;
  /** Called for each row that is not sent, as soon as it is known. */
  onInvalid?: (row: InvalidRow) => void;
  signal?: AbortSignal;
  /** The index of the first item: for a run that resumes part way through a list. Default 0. */
  startIndex?: number;
  /**
   * Send `status: "subscribed"` as given, re-subscribing anyone who had unsubscribed. Only
   * for a person who asked to be subscribed again; default false.
   */
  resubscribe?: boolean;
  /** Called for each row left unsent because its person has unsubscribed (see `resubscribe`). */
  onKeptUnsubscribed?: (row: { index: number; email: string }) => void;
  /** Called just before each request leaves, with the indexes of its first and last rows. */
  onSend?: (rows: { first: number; last: number; count: number }) => void;
  /**
   * Called as the workspace's list is read to learn who has unsubscribed (once, at the first
   * item marked subscribed, one request per 100 subscribers): after each page, then with `done`.
   */
  onConsentCheck?: (check: ConsentCheck) => void;
}

export interface ConsentCheck {
  /** Subscribers of the workspace read so far. */
  read: number;
  /** Of them, those who have unsubscribed. */
  unsubscribed: number;
  done: boolean;
}

export interface UpsertResult {
  created: number;
  updated: number;
  invalid: InvalidRow[];
  keptUnsubscribed: number;
  requests: number;
}

export type SubscriberStatus = 'subscribed' | 'unsubscribed';

interface Item {
  email: string;
  name?: string;
  status?: SubscriberStatus;
  /** ISO 8601; kept by the service for a new subscriber only. */
  created_at?: string;
  fields?: Record<string, string>;
}

const MAX_CHUNK = 100;
const MAX_TEXT = 255;
// One @, something on each side, a dotted domain, nothing that cannot be in an address.
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/** The form the service matches addresses in: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The item to send, or why it cannot be sent. */
export function checkItem(raw: unknown): { item: Item } | { reason: string; email: string } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { reason: 'not a subscriber (an object with an email)', email: '' };
  const { email, name, fields, status, created_at: createdAt } = raw as Record<string, unknown>;
  const given = typeof email === 'string' ? email : '';
  if (typeof email !== 'string' || email.trim() === '') return { reason: 'the email is missing', email: given };
  const address = normalizeEmail(email);
  if (address.length > MAX_TEXT) return { reason: `the email is longer than ${MAX_TEXT} characters`, email: given };
  if (!ADDRESS.test(address)) return { reason: 'the email is not a valid address', email: given };
  // Sent as written (trimmed): the service matches addresses without case and keeps the
  // spelling it was first given, so an export imports back letter for letter.
  const item: Item = { email: email.trim() };
  if (name !== undefined && name !== null && name !== '') {
    if (typeof name !== 'string') return { reason: 'the name is not text', email: given };
    if (name.trim().length > MAX_TEXT) return { reason: `the name is longer than ${MAX_TEXT} characters`, email: given };
    if (name.trim()) item.name = name.trim();
  }
  if (status !== undefined && status !== null && status !== '') {
    if (status !== 'subscribed' && status !== 'unsubscribed') return { reason: 'the status is neither "subscribed" nor "unsubscribed"', email: given };
    item.status = status;
  }
  if (createdAt !== undefined && createdAt !== null && createdAt !== '') {
    const ms = typeof createdAt === 'string' && /^\d{4}-\d{2}-\d{2}/.test(createdAt.trim()) ? Date.parse(createdAt.trim()) : NaN;
    if (Number.isNaN(ms)) return { reason: 'the join date (created_at) is not an ISO 8601 date', email: given };
    item.created_at = new Date(ms).toISOString();
  }
  if (fields !== undefined && fields !== null) {
    if (typeof fields !== 'object' || Array.isArray(fields)) return { reason: 'fields is not an object', email: given };
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || value === null || value === '') continue;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        return { reason: `the field "${key}" is not text`, email: given };
      }
      kept[key] = String(value);
    }
    if (Object.keys(kept).length) item.fields = kept;
  }
  return { item };
}

/** The index in a chunk that a 422's error key (`subscribers.7.email`) names. */
const CHUNK_INDEX = /^subscribers\.(\d+)(?:\.|$)/;

/**
 * `unsubscribed` answers the normalized addresses that have unsubscribed from the workspace;
 * it is asked once, and only when an item marked subscribed comes without `resubscribe`.
 */
export async function upsertAll(
  items: Iterable<unknown> | AsyncIterable<unknown>,
  options: UpsertOptions,
  send: (chunk: Item[], signal: AbortSignal | undefined) => Promise<BulkResult>,
  unsubscribed: (signal: AbortSignal | undefined, onPage?: (check: ConsentCheck) => void) => Promise<ReadonlySet<string>> = async () => new Set(),
): Promise<UpsertResult> {
  const start = options.startIndex ?? 0;
  const result: UpsertResult = { created: 0, updated: 0, invalid: [], keptUnsubscribed: 0, requests: 0 };
  const progress: UpsertProgress = { read: 0, sent: 0, created: 0, updated: 0, invalid: 0, keptUnsubscribed: 0, requests: 0, resumeAt: start };
  let gone: ReadonlySet<string> | undefined;
  /** Normalized address -> the row that first had it. */
  const seen = new Map<string, number>();
  /** Addresses that this run leaves unsubscribed: sent so, or kept so. */
  const leaving = new Set<string>();
  let chunk: Array<{ index: number; item: Item }> = [];

  const reject = (row: InvalidRow) => {
    result.invalid.push(row);
    progress.invalid++;
    options.onInvalid?.(row);
  };
  const report = () => options.onProgress?.({ ...progress });

  async function flush(upTo: number): Promise<void> {
    while (chunk.length) {
      let answer: BulkResult;
      options.onSend?.({ first: chunk[0]!.index, last: chunk.at(-1)!.index, count: chunk.length });
      try {
        answer = await send(
          chunk.map((entry) => entry.item),
          options.signal,
        );
      } catch (error) {
        // The service found rows it will not take; nothing of that request was saved.
        // Report those rows and send the rest again. Any other 422 is not about rows.
        if (!(error instanceof ValidationError)) throw error;
        const bad = new Map<number, string>();
        for (const [key, messages] of Object.entries(error.fieldErrors)) {
          const match = CHUNK_INDEX.exec(key);
          if (!match || Number(match[1]) >= chunk.length) throw error;
          if (!bad.has(Number(match[1]))) bad.set(Number(match[1]), messages[0] ?? error.message);
        }
        if (!bad.size) throw error;
        chunk.forEach((entry, i) => {
          const reason = bad.get(i);
          if (reason !== undefined) reject({ index: entry.index, email: entry.item.email, reason: `refused by the service: ${reason}` });
        });
        chunk = chunk.filter((_, i) => !bad.has(i));
        continue;
      }
      result.requests++;
      result.created += answer.created;
      result.updated += answer.updated;
      Object.assign(progress, { requests: result.requests, created: result.created, updated: result.updated });
      progress.sent += chunk.length;
      chunk = [];
    }
    progress.resumeAt = upTo;
    report();
  }

  let index = start;
  for await (const raw of items) {
    options.signal?.throwIfAborted();
    progress.read++;
    const checked = checkItem(raw);
    if ('reason' in checked) {
      reject({ index, email: checked.email, reason: checked.reason });
    } else {
      const { item } = checked;
      const address = normalizeEmail(item.email);
      const first = seen.get(address);
      if (first !== undefined && item.status === 'unsubscribed' && !leaving.has(address)) {
        // A later row says this person left, and the first did not: consent is never assumed,
        // so the unsubscribe is sent too, in a request of its own if the first is still queued
        // (two items for one address in one request would leave the outcome to the service).
        leaving.add(address);
        if (chunk.some((entry) => entry.index === first)) await flush(index);
        chunk.push({ index, item: { email: item.email, status: 'unsubscribed' } });
      } else if (first !== undefined) {
        reject({ index, email: item.email, reason: 'a duplicate of an earlier row, which is sent instead', duplicateOf: first });
      } else {
        seen.set(address, index);
        // Marked subscribed: sent without the status, or not at all for someone who left.
        const guarded = item.status === 'subscribed' && !options.resubscribe;
        if (guarded) {
          delete item.status;
          gone ??= await unsubscribed(options.signal, options.onConsentCheck);
        }
        if (guarded && gone!.has(address)) {
          leaving.add(address);
          result.keptUnsubscribed = ++progress.keptUnsubscribed;
          options.onKeptUnsubscribed?.({ index, email: item.email });
        } else {
          if (item.status === 'unsubscribed') leaving.add(address);
          chunk.push({ index, item });
        }
      }
    }
    index++;
    if (chunk.length === MAX_CHUNK) await flush(index);
  }
  await flush(index);
  return result;
}
