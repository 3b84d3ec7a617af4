/**
 * The search index as it arrives: its bytes, read here into entries. `<hub-search>` keeps
 * the index's bytes as the service sent them (and caches them so: an ArrayBuffer is copied
 * whole, where 50 000 entries as objects cost a structured clone per object to store and to
 * read back), and reads them where it builds the index: in the search worker, or on the main
 * thread when no worker can run (search-index.ts).
 */
import { SearchIndex, unwrap, type Parser, type SearchEntry } from '../api/schema.js';
import type { GetOptions } from '../api/calls.js';
import type { Transport } from '../api/transport.js';

/** The index as the element holds it: the body's bytes, or the entries of a copy saved by an earlier version. */
export type IndexBody = ArrayBuffer | readonly SearchEntry[];

/**
 * The body of GET …/search-index, left unread: the transport hands over its bytes, which
 * only the search worker reads, so that the page neither decodes nor parses it.
 */
export const IndexBytes: Parser<ArrayBuffer> = {
  raw: true,
  safeParse: (input) => (input instanceof ArrayBuffer ? { success: true, data: input } : { success: false }),
};

/** GET …/search-index, its body's bytes left unread. */
export const getIndexBytes = (transport: Transport, params: { tenant: string }, options?: GetOptions) =>
  transport.send('searchIndex', params, IndexBytes, options);

/** The body parsed as JSON, `{ data: … }` unwrapped. Throws a SyntaxError for a body that is not JSON. */
export const parseBody = (body: IndexBody): unknown =>
  body instanceof ArrayBuffer ? unwrap(JSON.parse(new TextDecoder().decode(body))) : body;

/** The entries of a body: an entry missing `id`, `title` or `url` is skipped, not fatal. */
export const entriesOf = (body: IndexBody): SearchEntry[] => (SearchIndex.safeParse(parseBody(body)) as { data: SearchEntry[] }).data;
