/**
 * Hits as a list of results shows them: each with the link it may become. An index is data
 * from the service, so an entry's URL is read against the service that sent it and kept
 * only if it is http(s); an entry with any other URL is still shown, never as a link.
 */
import { safeUrl, WEB_SCHEMES } from '../url/safe-url.js';
import type { Hit, QueryOptions, Results } from './engine.js';

type ShownResults = Results & { hits: Array<Hit & { date?: string | undefined }>; count?: string };

/**
 * An engine, or an index searched in a worker: whatever answers a query, at once or later;
 * one that writes the hits' dates and the count in `lang` itself says so by giving them.
 */
export interface Searchable {
  search(query: string, options?: QueryOptions, lang?: string): Results | Promise<Results & { hits: Array<Hit & { date?: string | undefined }>; count?: string }>;
}

export interface Row extends Hit {
  /** Undefined when the entry's URL is not http(s): shown, but never a link. */
  url: string | undefined;
  /** The entry's date, written in the element's language by the worker (or an ISO day, see `dayOf`); undefined without one. */
  date?: string | undefined;
}

/**
 * The rows for `query`: at most `limit` hits of the given `types` (comma or space
 * separated; none means every type), URLs read against `baseUrl`, dates written in
 * `lang` where the index wrote them; and how many entries match in all, and that number as `lang` writes it when the
 * index wrote it.
 */
/**
 * An entry's date where no worker wrote it (the index searched on the page's own thread): the
 * day as the service wrote it, in ISO 8601 (2026-11-28). A page's first date format loads
 * the browser's date data, 15–25 ms of one task in Chromium, as the first results show.
 */
const dayOf = (value: string | undefined): string | undefined => (value && !isNaN(Date.parse(value)) ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined);

export async function rowsFor(
  index: Searchable,
  query: string,
  limit: number,
  types: string,
  baseUrl: string | undefined,
  lang: string,
): Promise<{ rows: Row[]; total: number; count?: string | undefined }> {
  const { hits, total, count } = (await index.search(query, { limit, types: types?.match(/[^\s,]+/g) ?? [] }, lang)) as ShownResults;
  return {
    rows: hits.map((hit) => ({ ...hit, url: safeUrl(hit.entry.url, WEB_SCHEMES, baseUrl), date: 'date' in hit ? (hit.date as string | undefined) : dayOf(hit.entry.published_at) })),
    total,
    count,
  };
}
