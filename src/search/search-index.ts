/**
 * `<hub-search>`'s index, off the main thread. The page's one search worker (worker.ts)
 * takes the index's body piece by piece as it comes off the network, keeps it, builds the
 * engine and answers each query; the page's thread passes the pieces on (each in a task of
 * its own, without copying them) and renders the results. The cache holds a small
 * reference to the kept bytes (`IndexRef`): a 50 000-entry index is 18 MB, and on this
 * thread any copy of it (storing it, reading it back, sending it) is a task of tens of ms.
 *
 * A page where no worker starts (a Content Security Policy that does not allow the kit's
 * worker, Trusted Types without the kit's policy, a bundler that left the worker file
 * behind) reads the body on its own thread, in pieces, builds in slices of work
 * (in-page.ts) and answers each query in slices too (`searchInSlices`).
 *
 * Two search boxes on a page get the same body from the cache, so they share one index; an
 * index that fails is forgotten, so the next asks again; an index no box holds any more is
 * dropped from the worker.
 */
import { UnexpectedResponseError } from '../api/errors.js';
import type { GetOptions } from '../api/calls.js';
import type { Parser } from '../api/schema.js';
import type { Transport } from '../api/transport.js';
import type { Hit, QueryOptions, Results } from './engine.js';
import { yieldToPage } from './yield-to-page.js';
import type { IndexBody, IndexRef } from './entries.js';
import { loadInPage, startWorker } from './start-worker.js';

export type { IndexBody, IndexRef };

/** Results as the page shows them: each hit's date, and the count, written in the page's language. */
export interface ShownResults extends Results {
  hits: Array<Hit & { date?: string | undefined }>;
  count?: string;
}

export interface SearchIndexHandle {
  /** How many entries it holds. */
  readonly size: number;
  /** 'worker', or 'page' where no worker could start. */
  readonly where: 'worker' | 'page';
  /**
   * The results for `query`, dates and count written in `lang` where a worker writes them.
   * Only the latest query waiting is sent: one still waiting when a newer one comes rejects
   * (an AbortError), as its answer would be stale.
   */
  search(query: string, options?: QueryOptions, lang?: string): Promise<ShownResults>;
}

/** The worker no longer has the bytes a cached reference names (storage cleared, or never written): read the index again. */
export class MissingIndexError extends Error {
  override name = 'MissingIndexError';
}

type Reply = [id: number, answer: unknown, error?: string];
type Guess = [0, 'guess', index: string, key: string, answer: ShownResults];

/**
 * The worker's guesses at the next letter, by index (worker.ts): past KNOWN the oldest are
 * let go, but not a first letter's.
 */
const known = new Map<string, Map<string, ShownResults>>();
/**
 * A few keystrokes' worth of guesses (about 27 each), beside the first letters of a few sets
 * of options (26 each) kept among them: a first letter is never let go, so a page of many
 * boxes, each asking with other options, keeps fewer guesses of its own.
 */
const KNOWN = 256;

/** How long a worker may take to start before the page builds on its own thread. */
const START_MS = 10_000;

let worker: Promise<Worker | undefined> | undefined;
const waiting = new Map<number, [(answer: unknown) => void, (error: Error) => void]>();
let lastId = 0;

/**
 * The page's search worker, started once; undefined when none can run here. Called when a
 * box is first used, so that the worker's file comes while the index does.
 */
export function searchWorker(): Promise<Worker | undefined> {
  return (worker ??= new Promise((resolve) => {
    let started: Worker;
    try {
      started = startWorker();
    } catch {
      // Refused at once: Trusted Types without a policy for it, or a CSP (Firefox throws).
      return resolve(undefined);
    }
    const give = (up: boolean) => {
      clearTimeout(timer);
      if (up) started.terminate();
      resolve(up ? undefined : started);
    };
    // A worker's file that never comes (a connection dropped mid-file) must not hold search up.
    const timer = setTimeout(give, START_MS, true);
    // Refused by a CSP (Chromium, WebKit), or its file missing or broken.
    started.addEventListener('error', () => give(true), { once: true });
    started.addEventListener('message', ({ data }: MessageEvent<'ready' | Reply | Guess>) => {
      if (data === 'ready') return give(false);
      if (data[1] === 'guess') {
        const [, , name, key, answer] = data as Guess;
        const answers = known.get(name)?.set(key, answer);
        // (A key's query is its first string: one letter long, it is a first letter.)
        if (answers && answers.size > KNOWN) for (const old of answers.keys()) if (!/^\[".",/.test(old)) return void answers.delete(old);
        return;
      }
      const [id, answer, error] = data;
      const [done, failed] = waiting.get(id) ?? [];
      waiting.delete(id);
      if (error === undefined) done?.(answer);
      else failed?.(error === 'missing' ? new MissingIndexError(error) : new UnexpectedResponseError(200, 'Unexpected response from searchIndex.', error));
    });
  }));
}

function ask(to: Worker, ...message: unknown[]): Promise<unknown> {
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    waiting.set(id, [resolve, reject]);
    to.postMessage([id, ...message]);
  });
}

/**
 * Reads a search index's body for the transport (`Parser.raw`): piece by piece, a task for
 * each, handed to the worker without a copy; answers the worker's reference to it. Without
 * a worker, a Blob: the browser reads it off this thread, and storing it copies nothing here
 * (an 18 MB ArrayBuffer took this thread 36 ms to store, unthrottled).
 */
async function readBody(response: Response, key: string): Promise<IndexBody> {
  const to = await searchWorker();
  if (!to) return response.blob();
  const reader = response.body!.getReader();
  const id = ++lastId;
  to.postMessage([id, 'start', key]);
  for (let read; !(read = await reader.read()).done; await yieldToPage()) {
    const chunk = read.value;
    to.postMessage([id, 'chunk', chunk], [chunk.buffer]);
  }
  return new Promise((resolve, reject) => {
    waiting.set(id, [resolve as (answer: unknown) => void, reject]);
    to.postMessage([id, 'end']);
  });
}

/** The body of GET …/search-index for cache key `key`, read by `readBody`. */
const indexBody = (key: string): Parser<IndexBody> => ({
  raw: (response) => readBody(response, key),
  safeParse: (input) => (input instanceof ArrayBuffer || input instanceof Blob || (input as IndexRef)?.digest ? { success: true, data: input as IndexBody } : { success: false }),
});

/** GET …/search-index, its body read off the main thread: `key` names the bytes the worker keeps. */
export const getIndexBody = (key: string) => (transport: Transport, params: { tenant: string }, options?: GetOptions) =>
  transport.send('searchIndex', params, indexBody(key), options);

/** Forgets, in the worker, the index of a handle no box holds any more. */
const dropped = new FinalizationRegistry<string>((name) => void worker?.then((to) => to?.postMessage([0, 'drop', name])));

/**
 * Sends the latest query waiting once the one in flight is answered: a keystroke never
 * waits behind stale ones. A query whose answer is `ready` is answered at once, in its
 * keystroke's task, and sends nothing.
 */
function latestFirst(
  search: (...args: Parameters<SearchIndexHandle['search']>) => Promise<ShownResults>,
  ready?: (...args: Parameters<SearchIndexHandle['search']>) => ShownResults | undefined,
): SearchIndexHandle['search'] {
  let busy = false;
  let next: [Parameters<SearchIndexHandle['search']>, (results: ShownResults) => void, (error: unknown) => void] | undefined;
  const pump = async (): Promise<void> => {
    if (busy || !next) return;
    const [args, done, failed] = next;
    next = undefined;
    busy = true;
    await search(...args).then(done, failed);
    busy = false;
    return pump();
  };
  return (...args) =>
    new Promise((done, failed) => {
      next?.[2](new DOMException('A newer query came first.', 'AbortError'));
      next = undefined;
      const answer = ready?.(...args);
      if (answer) return done(answer);
      next = [args, done, failed];
      void pump();
    });
}

async function open(body: IndexBody, signal?: AbortSignal): Promise<SearchIndexHandle> {
  const to = await searchWorker();
  if (to) {
    const [name, size] = (await ask(to, 'index', body)) as [string, number];
    known.set(name, known.get(name) ?? new Map());
    const handle: SearchIndexHandle = {
      size,
      where: 'worker',
      search: latestFirst(
        (query, options, lang = '') => ask(to, 'search', name, query, options, lang) as Promise<ShownResults>,
        // Keyed as the worker keys its guesses.
        (query, options, lang = '') => known.get(name)!.get(JSON.stringify([query, options, lang])),
      ),
    };
    dropped.register(handle, name);
    return handle;
  }
  if (!(body instanceof ArrayBuffer || body instanceof Blob || Array.isArray(body))) throw new MissingIndexError('missing');
  const { buildInPage } = await loadInPage();
  const engine = await buildInPage(body as Exclude<IndexBody, IndexRef>, signal).catch((error: unknown) => {
    throw error instanceof SyntaxError ? new UnexpectedResponseError(200, 'Unexpected response from searchIndex.', String(error)) : error;
  });
  // On the page's thread, a query is a task of its own (the keystroke's task ends first, and
  // the typed letter shows), answered in slices, and its results come in a task after them.
  const search = async (query: string, options?: QueryOptions) => {
    await yieldToPage();
    const results = await engine.searchInSlices(query, options);
    await yieldToPage();
    return results;
  };
  return { size: engine.size, where: 'page', search: latestFirst(search) };
}

const handles = new WeakMap<object, Promise<SearchIndexHandle>>();

/**
 * The searchable index of `body`, shared by every box that holds the same body. Rejects
 * with MissingIndexError when the worker no longer has the bytes a reference names.
 */
export function searchIndexFor(body: IndexBody, signal?: AbortSignal): Promise<SearchIndexHandle> {
  let handle = handles.get(body);
  if (!handle) {
    handles.set(body, (handle = open(body, signal)));
    handle.catch(() => handles.delete(body));
  }
  return handle;
}
