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
 *                    [0, 'guess', index, key, answer]  the answer to a query one letter on
 *
 * The bytes are kept in IndexedDB (database `hub-kit-search`), one copy per cache key, so
 * that the page's cache holds only a small reference to them (`IndexRef`) and the page's
 * thread never copies a large index: not to store it, not to read it back, not to send it
 * here. A result's date and the count are written here too, in the element's language (the
 * first date or number format a thread makes costs it tens of ms).
 *
 * After each query's answer it answers the queries one letter on, likeliest first, each in
 * slices of about a millisecond, until the page's next message: when the visitor types one of those
 * letters, the page has its answer at once, in the keystroke's own task, and the results
 * show with the letter. Waiting for the worker, they would show a frame or more later:
 * Chromium holds a worker's message back until the frame after a key press.
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

/** Results as a result shows them: dates and the count written in `lang`, entries without their content. */
function written(results: Results & { count?: string }, lang: string): Results & { count?: string } {
  results.count = results.total.toLocaleString(lang || undefined);
  for (const hit of results.hits) {
    (hit as { date?: string }).date = dateText(hit.entry.published_at, lang);
    // Searched, never shown: a long text the page need not be sent.
    hit.entry = { ...hit.entry, content: undefined };
  }
  return results;
}

/** Letters typed next, most often first, after those the answer's own words go on with. */
const NEXT = ' etaoinsrhldcumfpgwybvkjxqz';
/** Messages heard from the page, but drops: a guess stops at the next one. */
let heard = 0;
/** How many one-letter queries each index and set of options has had answered ahead, a few at each pause. */
const firsts = new Map<string, number>();

/**
 * Yields to the page's next message, if one is waiting: a message's task goes before the
 * next in this queue, where `scheduler.yield()` would put its own continuation first.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve(port1.close());
    port2.postMessage(0);
  });

/**
 * Answers `query` one letter on, each in slices of a millisecond or so, until the page
 * speaks again (its query, searched at once, leaves the guess in hand): first the letters
 * the hits' words go on with, most voted first (a space first where a hit has the last word
 * whole), then the rest; after them, once for each set of options, every first letter of a
 * query, which the page keeps.
 */
async function guess(name: string, engine: SearchEngine, query: string, options: object, lang: string, results: Results): Promise<void> {
  const at = heard;
  const last = /\S+$/.exec(query)?.[0].toLowerCase() ?? '';
  const votes = new Map<string, number>();
  for (const hit of results.hits)
    for (const term of hit.terms) {
      const letter = term[last.length] ?? ' ';
      if (last && term.startsWith(last)) votes.set(letter, (votes.get(letter) ?? 0) + (letter === ' ' ? 99 : 1));
    }
  const letters = new Set([...votes].sort((a, b) => b[1] - a[1]).map(([letter]) => letter));
  for (const letter of NEXT) if (letter !== ' ' || last) letters.add(letter);
  const first = JSON.stringify([name, options, lang]);
  for (const typed of [...[...letters].map((letter) => query + letter), ...NEXT.slice(1 + (firsts.get(first) ?? 0))]) {
    await nextTask();
    if (heard !== at) return;
    const answer = await engine.searchInSlices(typed, options, { sliceMs: 1, yield: nextTask }).catch(() => undefined);
    if (!answer || heard !== at) return;
    // (A one-letter query is a first letter: the page keeps its answer.)
    if (typed.length < 2) firsts.set(first, (firsts.get(first) ?? 0) + 1);
    postMessage([0, 'guess', name, JSON.stringify([typed, options, lang]), written(answer, lang)]);
  }
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
      const engine = await engines.get(name)!.engine;
      const results = written(engine.search(query, options), lang);
      void guess(name, engine, query, options, lang, results);
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
    // Any message of the page's stops a guess, but a drop (an index no box holds any more).
    if (data[1] !== 'drop') heard++;
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
