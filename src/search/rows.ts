/**
 * Hits as a list of results shows them: each with the link it may become. An index is data
 * from the service, so an entry's URL is read against the service that sent it and kept
 * only if it is http(s); an entry with any other URL is still shown, never as a link.
 */
import { safeUrl, WEB_SCHEMES } from '../url/safe-url.js';
import type { Hit, QueryOptions, Results } from './engine.js';

/** An engine, or an index searched in a worker: whatever answers a query, at once or later. */
export interface Searchable {
  search(query: string, options?: QueryOptions): Results | Promise<Results>;
}

export interface Row extends Hit {
  /** Undefined when the entry's URL is not http(s): shown, but never a link. */
  url: string | undefined;
}

/**
 * The rows for `query`: at most `limit` hits of the given `types` (comma or space
 * separated; none means every type), URLs read against `baseUrl`; and how many entries
 * match in all.
 */
export async function rowsFor(index: Searchable, query: string, limit: number, types: string, baseUrl?: string): Promise<{ rows: Row[]; total: number }> {
  const { hits, total } = await index.search(query, { limit, types: types?.match(/[^\s,]+/g) ?? [] });
  return { rows: hits.map((hit) => ({ ...hit, url: safeUrl(hit.entry.url, WEB_SCHEMES, baseUrl) })), total };
}
