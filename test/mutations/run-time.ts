/**
 * What a page pays at run time (issue 30): the loader's tasks and requests, a file that
 * fails to arrive, and search off the main thread. Each row was planted and its tests seen
 * red, in the browsers it names (Chromium where it names none), with its `build` done.
 */
import type { Mutation } from './types.js';

const LOADER = 'components/script-tag/hub-kit.ts';
const LOADER_TESTS = ['test/browser/bundle/loader.test.ts'];

export default [
  {
    promise: 'each element upgrades in a task of its own: a tap on the page is never held up by all four at once',
    file: LOADER,
    find: '    await yieldToPage();\n    if (!inViewFirst()) await idle();',
    replace: '    if (!inViewFirst()) await idle();',
    tests: LOADER_TESTS,
    grep: 'task of its own',
    build: true,
  },
  {
    promise: 'what the visitor sees upgrades first; what is below the fold waits for idle time',
    file: LOADER,
    find: 'const inViewFirst = () => ready.sort((a, b) => +b[2] - +a[2])[0]![2];',
    replace: 'const inViewFirst = () => ready[0]![2];',
    tests: LOADER_TESTS,
    grep: 'in view first',
    build: true,
  },
  {
    promise: "a signup form's files come in one round trip, not one after another",
    file: LOADER,
    find: '  for (const path of paths.slice(1)) void get(path);\n',
    replace: '',
    tests: LOADER_TESTS,
    grep: 'at once, not the core',
    build: true,
  },
  {
    promise: 'a file whose connection dropped is asked for again, and the element comes',
    file: LOADER,
    find: '  for (let retry = 0; ; retry++) {',
    replace: '  for (let retry = 0; retry < 1; retry++) {',
    tests: LOADER_TESTS,
    grep: 'connection drops',
    build: true,
  },
  {
    promise: 'a file asked for again is fetched again, in browsers that keep a failed module for the page (Firefox)',
    file: LOADER,
    find: 'failed[path] ? `${url}?retry=${failed[path]}` : url',
    replace: 'url',
    tests: LOADER_TESTS,
    browsers: 'firefox',
    grep: "signup form’s file, asks",
    build: true,
  },
  {
    promise: 'when a shared file was lost, the elements still come, from the file of all (Firefox)',
    file: LOADER,
    find: "    if (file !== 'all' && complete && !importsArrived(file)) source = 'all';\n",
    replace: '',
    tests: LOADER_TESTS,
    browsers: 'firefox',
    grep: 'the core a signup form',
    build: true,
  },
  {
    promise: 'a file stuck in flight (a stalled network; WebKit keeps even a dropped import pending) is asked for again beside it',
    file: LOADER,
    find: 'const ctor = await within(load(tag), 10_000)',
    replace: 'const ctor = await within(load(tag), 1e9)',
    tests: LOADER_TESTS,
    grep: 'stalls half way',
    build: true,
  },
  {
    promise: 'search builds and runs in a worker, off the main thread',
    file: 'src/search/search-index.ts',
    find: '      started = startWorker();',
    replace: "      throw new Error('no worker');",
    tests: ['test/browser/src/search/search-index.test.ts'],
  },
  {
    promise: "a result's date is written in the worker, not by a first date format on the page's thread",
    file: 'src/search/worker.ts',
    find: '      for (const hit of results.hits) (hit as { date?: string }).date = dateText(hit.entry.published_at, lang);\n',
    replace: '',
    tests: ['test/browser/src/search/search-index.test.ts'],
    grep: 'dates and the count',
  },
  {
    promise: 'a keystroke never waits behind stale queries',
    file: 'src/search/search-index.ts',
    find: "      next?.[2](new DOMException('A newer query came first.', 'AbortError'));\n",
    replace: '',
    tests: ['test/browser/src/search/search-index.test.ts'],
    grep: 'newest query',
  },
  {
    promise: 'a cached index whose bytes are gone is read again, not shown broken',
    file: 'src/search/worker.ts',
    find: "        if (isRef(body) && !(source = await keptBytes(body))) throw new Error('missing');",
    replace: '        if (isRef(body)) source = await keptBytes(body);',
    tests: ['test/browser/src/search/search-index.test.ts'],
    grep: 'no longer keeps',
  },
  {
    promise: 'results never go back to an older query',
    file: 'components/controllers/results.ts',
    find: '      if (asked !== this.#asked) return;\n',
    replace: '',
    tests: ['test/browser/controllers/results.test.ts'],
    grep: 'older query',
  },
  {
    promise: 'a changed search index replaces the one shown (bytes compared as bytes)',
    file: 'src/cache/swr.ts',
    find: '  a === b || (isBytes(a) || isBytes(b) ? a instanceof ArrayBuffer && b instanceof ArrayBuffer && globalThis.indexedDB?.cmp(a, b) === 0 : JSON.stringify(a) === JSON.stringify(b));',
    replace: '  JSON.stringify(a) === JSON.stringify(b);',
    tests: ['test/browser/src/cache/cache.test.ts'],
    grep: 'bytes apart',
  },
  {
    promise: "under a strict CSP with Trusted Types, search still runs in its worker, through the kit's own policy",
    file: 'vite.config.ts',
    find: `? 'globalThis[Symbol.for("hub-kit.worker-url")]??=()=>{let u=hubKitWorkerSource(hubKitSearch);m.add(u);return p.createScriptURL(u)};'`,
    replace: "? ''",
    tests: ['test/browser/bundle/csp.test.ts'],
    grep: 'runs in its worker',
    build: true,
  },
] satisfies Mutation[];
