/**
 * The search index as it arrives, read into entries: where `<hub-search>` builds its index
 * (the search worker, or the page's thread where no worker runs), from what the page's
 * cache holds of it (search-index.ts).
 */
import { SearchIndex, unwrap, type SearchEntry } from '../api/schema.js';

/**
 * What the page's cache holds of an index read by the search worker: the worker keeps its
 * bytes (under the cache key), and this names them by their digest, so that a copy the
 * service confirms unchanged is the same reference, and a changed one a new one.
 */
export interface IndexRef {
  key: string;
  digest: string;
  /** Bytes. */
  size: number;
}

/**
 * An index as the element holds it: a reference to the bytes the search worker keeps, the
 * body as a Blob where no worker runs (bytes, in a copy saved by an earlier version), or
 * the entries of a copy saved by an older one.
 */
export type IndexBody = IndexRef | Blob | ArrayBuffer | readonly SearchEntry[];

/** The body parsed as JSON, `{ data: … }` unwrapped. Throws a SyntaxError for a body that is not JSON. */
export const parseBody = (body: ArrayBuffer | readonly SearchEntry[]): unknown =>
  body instanceof ArrayBuffer ? unwrap(JSON.parse(new TextDecoder().decode(body))) : body;

/** The entries of a body: an entry missing `id`, `title` or `url` is skipped, not fatal. */
export const entriesOf = (body: ArrayBuffer | readonly SearchEntry[]): SearchEntry[] =>
  (SearchIndex.safeParse(parseBody(body)) as { data: SearchEntry[] }).data;
