/**
 * Where the search worker comes from. Written as bundlers expect it (`new Worker(new
 * URL(…, import.meta.url))`, which Vite, webpack and Parcel follow to bundle the worker), and
 * replaced in the script tag's build by one that knows its built file (vite.config.ts,
 * `searchWorkerFile`). A bundler that does not follow it (esbuild) leaves a URL that is not
 * there: the worker fails to start, and the page builds the index itself (search-index.ts).
 *
 * The source names `worker.ts`, which the dev servers (Vite, the test runner) serve as a
 * module; the package's build names `worker.js` (scripts/build.ts).
 */
export const startWorker = (): Worker => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'hub-kit search' });

/** The engine for the page's own thread: fetched only when no worker could start. */
export const loadInPage = () => import('./in-page.js');
