/**
 * The search worker: reads an index's bytes into entries, builds the engine and answers
 * queries, all off the page's main thread, which only renders what comes back. A page
 * starts one (start-worker.ts) and search-index.ts talks to it:
 *
 *   page -> worker   [id, 'index', body]           read and build index `id`
 *                    [id, 'search', query, options]
 *                    [id, 'drop']                   forget index `id`
 *   worker -> page   'ready'                        once, when it has started
 *                    [id, answer] / [id, undefined, error]
 *
 * In the script tag the same file is the main thread's way when no worker can run (it is
 * imported then, and does not listen): one file to fetch either way.
 */
import { buildEngineSync, type SearchEngine } from './engine.js';
import { entriesOf } from './entries.js';

type Request = [id: number, kind: 'index' | 'search' | 'drop', ...args: unknown[]];

const engines = new Map<number, SearchEngine>();

function answer([id, kind, ...args]: Request): unknown {
  if (kind === 'index') {
    const engine = buildEngineSync(entriesOf(args[0] as Parameters<typeof entriesOf>[0]));
    engines.set(id, engine);
    return engine.size;
  }
  if (kind === 'search') return engines.get(id)!.search(args[0] as string, args[1] as object);
  engines.delete(id);
}

declare const WorkerGlobalScope: { new (): object } | undefined;

let serving = false;

/** Answers the page's messages, when this runs as a worker (once; imported on a page, it does nothing). */
export function serve(): void {
  if (serving || typeof WorkerGlobalScope !== 'function' || !(globalThis instanceof WorkerGlobalScope)) return;
  serving = true;
  addEventListener('message', ({ data }: MessageEvent<Request>) => {
    let reply: unknown[];
    try {
      reply = [data[0], answer(data)];
    } catch (error) {
      reply = [data[0], undefined, String(error)];
    }
    postMessage(reply);
  });
  postMessage('ready');
}

serve();
