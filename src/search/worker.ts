/**
 * The search worker: takes an index's bytes as they arrive, keeps them, reads them into
 * entries, builds the engine and answers queries, all off the page's main thread, which
 * only renders what comes back. A page starts one (start-worker.ts) and search-index.ts
 * talks to it:
 *
 *   page -> worker   [id, 'start', key]             a body for cache key `key` begins
 *                    [id, 'chunk', bytes]           a piece of it (transferred, not copied)
 *                    [id, 'end']                    -> { key, digest, size }: kept, and building
 *                    [id, 'index', body]            -> how many entries; body is such a ref,
 *                                                      or bytes, or entries
 *                    [id, 'search', index, query, options, lang]
 *                    [id, 'drop', index]
 *   worker -> page   'ready'                        once, when it has started
 *                    [id, answer] / [id, undefined, error]
 *
 * The bytes are kept in IndexedDB (database `hub-kit-search`), one copy per cache key, so
 * that the page's cache holds only a small reference to them (`IndexRef`) and the page's
 * thread never copies a large index: not to store it, not to read it back, not to send it
 * here. A result's date and the count are written here too, in the element's language (the
 * first date or number format a thread makes costs it tens of ms).
 *
 * In the script tag the same file is the main thread's engine when no worker can run (it is
 * imported then, and does not listen): one file to fetch either way.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { dateText } from './date-text.js';
import { buildEngineSync, type Results, type SearchEngine } from './engine.js';
import type { SearchEntry } from '../api/schema.js';
import { entriesOf, type IndexBody, type IndexRef } from './entries.js';

type Request = [id: number, kind: string, ...args: unknown[]];

/** Engines by index: a ref's digest, or a number for bytes and entries sent whole; with how many handles hold each. */
const engines = new Map<string, { engine: Promise<SearchEngine>; holders: number }>();
/** Bodies arriving, by request id. */
const arriving = new Map<number, { key: string; chunks: Uint8Array[] }>();

/** How long a read of the kept bytes may take before the page is told they are missing. */
const READ_MS = 4000;
let kept: UseStore | undefined;
const store = () => (kept ??= createStore('hub-kit-search', 'bytes'));

/** Two 32-bit hashes of the bytes (FNV-1a and a multiplicative one), 16 hex digits: what tells two copies apart. */
function digestOf(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i]!, 0x01000193);
    b = Math.imul(b ^ bytes[i]!, 0x85ebca6b) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

function concat(chunks: Uint8Array[]): ArrayBuffer {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) bytes.set(chunk, (at += chunk.length) - chunk.length);
  return bytes.buffer;
}

/** Built in a task of its own: an answer waiting to go out (a ref, a search) goes first. */
const build = (body: ArrayBuffer | readonly SearchEntry[]) => new Promise((resolve) => setTimeout(resolve)).then(() => buildEngineSync(entriesOf(body)));

/** The kept bytes of `ref`, if they are still the ones it names. */
async function keptBytes(ref: IndexRef): Promise<ArrayBuffer | undefined> {
  const read = store()('readonly', (s) => promisifyRequest(s.get(ref.key))) as Promise<{ digest: string; bytes: ArrayBuffer } | undefined>;
  const found = await Promise.race([read, new Promise<undefined>((resolve) => setTimeout(resolve, READ_MS))]).catch(() => undefined);
  return found?.digest === ref.digest ? found.bytes : undefined;
}

async function answer([id, kind, ...args]: Request): Promise<unknown> {
  switch (kind) {
    case 'start':
      arriving.set(id, { key: args[0] as string, chunks: [] });
      return;
    case 'chunk':
      arriving.get(id)?.chunks.push(args[0] as Uint8Array);
      return;
    case 'end': {
      const { key, chunks } = arriving.get(id)!;
      arriving.delete(id);
      const bytes = concat(chunks);
      const digest = digestOf(new Uint8Array(bytes));
      // Kept for the next visit; a failed write costs a request then, nothing now.
      store()('readwrite', (s) => promisifyRequest(s.put({ digest, bytes }, key))).catch(() => {});
      if (!engines.has(digest)) engines.set(digest, { engine: build(bytes), holders: 0 });
      return { key, digest, size: bytes.byteLength } satisfies IndexRef;
    }
    case 'index': {
      const body = args[0] as IndexBody | IndexRef;
      const name = isRef(body) ? body.digest : String(id);
      let held = engines.get(name);
      if (!held) {
        let source = body as ArrayBuffer | readonly SearchEntry[] | undefined;
        if (isRef(body) && !(source = await keptBytes(body))) throw new Error('missing');
        // (A Blob: a copy the page read when no worker had started.)
        if (body instanceof Blob) source = await body.arrayBuffer();
        engines.set(name, (held = { engine: build(source!), holders: 0 }));
      }
      held.holders++;
      const engine = await held.engine.catch((error: unknown) => {
        engines.delete(name);
        throw error;
      });
      return [name, engine.size];
    }
    case 'search': {
      const [name, query, options, lang] = args as [string, string, object, string];
      const results: Results & { count?: string } = (await engines.get(name)!.engine).search(query, options);
      results.count = results.total.toLocaleString(lang || undefined);
      for (const hit of results.hits) (hit as { date?: string }).date = dateText(hit.entry.published_at, lang);
      return results;
    }
    case 'drop': {
      const held = engines.get(args[0] as string);
      if (held && --held.holders <= 0) engines.delete(args[0] as string);
    }
  }
}

const isRef = (body: unknown): body is IndexRef => !!body && typeof (body as IndexRef).digest === 'string';

declare const WorkerGlobalScope: { new (): object } | undefined;

let serving = false;

/** Answers the page's messages, when this runs as a worker (once; imported on a page, it does nothing). */
export function serve(): void {
  if (serving || typeof WorkerGlobalScope !== 'function' || !(globalThis instanceof WorkerGlobalScope)) return;
  serving = true;
  addEventListener('message', ({ data }: MessageEvent<Request>) => {
    // Only what the page waits for is answered: not a body's start and pieces, nor a drop.
    const quiet = data[1] === 'start' || data[1] === 'chunk' || data[1] === 'drop';
    answer(data).then(
      (result) => quiet || postMessage([data[0], result]),
      (error: unknown) => postMessage([data[0], undefined, error instanceof Error ? error.message : String(error)]),
    );
  });
  postMessage('ready');
}

serve();
