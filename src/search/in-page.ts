/**
 * The index built on the page's own thread, for a page where no worker can run (a Content
 * Security Policy without `worker-src` for the kit, Trusted Types without the kit's policy,
 * a bundler that left the worker behind): in slices measured in the work they do, each
 * followed by a yield to the page, so typing and rendering go on. Reading the JSON is the
 * one step that cannot be cut in slices.
 */
import { SearchEntry } from '../api/schema.js';
import { buildEngine, type SearchEngine } from './engine.js';
import { yieldToPage } from './yield-to-page.js';
import { parseBody } from './entries.js';

/** How many entries are checked between two yields: a few hundred microseconds of work. */
const CHECKED_PER_SLICE = 2000;

export async function buildInPage(body: ArrayBuffer | readonly SearchEntry[], signal?: AbortSignal): Promise<SearchEngine> {
  const items = parseBody(body);
  const list = Array.isArray(items) ? items : [];
  const entries: SearchEntry[] = [];
  for (let i = 0; i < list.length; i++) {
    const parsed = SearchEntry.safeParse(list[i]);
    if (parsed.success) entries.push(parsed.data);
    if (i % CHECKED_PER_SLICE === CHECKED_PER_SLICE - 1) await yieldToPage();
  }
  return buildEngine(entries, { signal });
}
