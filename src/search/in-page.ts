/**
 * The index built on the page's own thread, for a page where no worker can run (a Content
 * Security Policy without `worker-src` for the kit, Trusted Types without the kit's policy,
 * a bundler that left the worker behind): every step in slices measured in the work they
 * do, each followed by a yield to the page, so typing and rendering go on. The body (a Blob,
 * which the browser reads off this thread) is read a piece at a time (read-entries.ts), and
 * the engine built in slices of text (`buildEngine`).
 */
import { SearchEntry } from '../api/schema.js';
import { buildEngine, type SearchEngine } from './engine.js';
import { yieldToPage } from './yield-to-page.js';
import { entriesOf } from './entries.js';
import { EntryReader } from './read-entries.js';

/**
 * Bytes of the body decoded, split, parsed and checked between two yields: about 0.5 ms of a
 * laptop's work, so that a slice the garbage collector stops in (which a 50 000-entry body's
 * read does, a few ms each time) still stays short.
 */
const BYTES_PER_SLICE = 65_536;
/** Entries of an earlier version's saved copy checked between two yields. */
const CHECKED_PER_SLICE = 2000;

/** The entries of a body, read a slice at a time. */
async function readEntries(body: Blob | ArrayBuffer | readonly SearchEntry[], signal?: AbortSignal): Promise<SearchEntry[]> {
  if (Array.isArray(body)) {
    const entries: SearchEntry[] = [];
    for (let i = 0; i < body.length; i++) {
      const parsed = SearchEntry.safeParse(body[i]);
      if (parsed.success) entries.push(parsed.data);
      if (i % CHECKED_PER_SLICE === CHECKED_PER_SLICE - 1) await yieldToPage();
    }
    return entries;
  }
  const decoder = new TextDecoder();
  const reader = new EntryReader();
  /** Reads `bytes` in pieces of BYTES_PER_SLICE, each followed by a yield. */
  const readPieces = async (bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length; at += BYTES_PER_SLICE) {
      reader.read(decoder.decode(bytes.subarray(at, at + BYTES_PER_SLICE), { stream: true }));
      await yieldToPage();
      signal?.throwIfAborted();
    }
  };
  if (body instanceof Blob) {
    // The browser reads the Blob off this thread, a piece at a time.
    const pieces = body.stream().getReader();
    for (let read; !(read = await pieces.read()).done; ) await readPieces(read.value);
  } else await readPieces(new Uint8Array(body as ArrayBuffer));
  reader.read(decoder.decode());
  // (A body with two `data` keys, which JSON.parse reads as the last: read whole, as it would.)
  if (reader.whole) return entriesOf(body instanceof Blob ? await body.arrayBuffer() : (body as ArrayBuffer));
  return reader.end();
}

/**
 * The engine of `body`, built in slices. Its answers' entries come without their content,
 * as the worker's do: searched, never shown.
 */
export async function buildInPage(body: Blob | ArrayBuffer | readonly SearchEntry[], signal?: AbortSignal): Promise<SearchEngine> {
  const engine = await buildEngine(await readEntries(body, signal), { signal });
  const searchInSlices: SearchEngine['searchInSlices'] = async (...args) => {
    const results = await engine.searchInSlices(...args);
    for (const hit of results.hits) hit.entry = { ...hit.entry, content: undefined };
    return results;
  };
  return { ...engine, size: engine.size, searchInSlices };
}
