/**
 * `<hub-search>`'s index, built and searched off the main thread: in the page's one search
 * worker (worker.ts), which reads the index's bytes, builds and answers each query, so the
 * main thread only renders. A page where no worker can start (a Content Security Policy
 * that does not allow the kit's worker, Trusted Types without the kit's policy, a bundler
 * that left the worker file behind) builds on its own thread in slices instead
 * (in-page.ts), and searches there.
 *
 * Two search boxes on a page get the same body from the cache, so they share one index; an
 * index that fails is forgotten, so the next asks again. An index no box holds any more is
 * dropped from the worker.
 */
import { UnexpectedResponseError } from '../api/errors.js';
import type { QueryOptions, Results } from './engine.js';
import type { IndexBody } from './entries.js';
import { loadInPage, startWorker } from './start-worker.js';

export type { IndexBody };

export interface SearchIndexHandle {
  /** How many entries it holds. */
  readonly size: number;
  /** 'worker', or 'page' where no worker could start. */
  readonly where: 'worker' | 'page';
  /**
   * The results for `query`. Only the latest query waiting is sent: one that is still
   * waiting when a newer one comes rejects (an AbortError), as its answer would be stale.
   */
  search(query: string, options?: QueryOptions): Promise<Results>;
}

type Reply = [id: number, answer: unknown, error?: string];

/** How long a worker may take to start before the page builds on its own thread. */
const START_MS = 10_000;

let worker: Promise<Worker | undefined> | undefined;
const waiting = new Map<number, [(answer: unknown) => void, (error: Error) => void]>();
let lastId = 0;

/** The page's search worker, started once; undefined when none can run here. */
function theWorker(): Promise<Worker | undefined> {
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
    started.addEventListener('message', ({ data }: MessageEvent<'ready' | Reply>) => {
      if (data === 'ready') return give(false);
      const [id, answer, error] = data;
      const [done, failed] = waiting.get(id) ?? [];
      waiting.delete(id);
      if (error === undefined) done?.(answer);
      else failed?.(new UnexpectedResponseError(200, 'Unexpected response from searchIndex.', error));
    });
  }));
}

function ask(to: Worker, id: number, ...message: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    waiting.set(id, [resolve, reject]);
    to.postMessage([id, ...message]);
  });
}

/** Forgets, in the worker, the index of a handle no box holds any more. */
const dropped = new FinalizationRegistry<number>((id) => void worker?.then((to) => to?.postMessage([id, 'drop'])));

/** Sends the latest query waiting once the one in flight is answered: a keystroke never waits behind stale ones. */
function latestFirst(search: (query: string, options?: QueryOptions) => Promise<Results>): SearchIndexHandle['search'] {
  let busy = false;
  let next: [string, QueryOptions | undefined, (results: Results) => void, (error: unknown) => void] | undefined;
  const pump = async (): Promise<void> => {
    if (busy || !next) return;
    const [query, options, done, failed] = next;
    next = undefined;
    busy = true;
    await search(query, options).then(done, failed);
    busy = false;
    return pump();
  };
  return (query, options) =>
    new Promise((done, failed) => {
      next?.[3](new DOMException('A newer query came first.', 'AbortError'));
      next = [query, options, done, failed];
      void pump();
    });
}

async function open(body: IndexBody, signal?: AbortSignal): Promise<SearchIndexHandle> {
  const to = await theWorker();
  if (to) {
    const id = ++lastId;
    const size = (await ask(to, id, 'index', body)) as number;
    const handle: SearchIndexHandle = { size, where: 'worker', search: latestFirst((query, options) => ask(to, id, 'search', query, options) as Promise<Results>) };
    dropped.register(handle, id);
    return handle;
  }
  const { buildInPage } = await loadInPage();
  const engine = await buildInPage(body, signal).catch((error: unknown) => {
    throw error instanceof SyntaxError ? new UnexpectedResponseError(200, 'Unexpected response from searchIndex.', String(error)) : error;
  });
  return { size: engine.size, where: 'page', search: latestFirst(async (query, options) => engine.search(query, options)) };
}

const handles = new WeakMap<IndexBody, Promise<SearchIndexHandle>>();

/** The searchable index of `body`, shared by every box that holds the same body. */
export function searchIndexFor(body: IndexBody, signal?: AbortSignal): Promise<SearchIndexHandle> {
  let handle = handles.get(body);
  if (!handle) {
    handles.set(body, (handle = open(body, signal)));
    handle.catch(() => handles.delete(body));
  }
  return handle;
}
