/**
 * The script tag's search file (`hub-kit/search-<hash>.js`), self-contained: started as
 * `<hub-search>`'s worker, it reads, builds and searches the index off the main thread
 * (src/search/worker.ts); imported on a page where no worker can run, it is the engine that
 * builds there instead, in slices. One file either way, fetched with a page's first search,
 * not with its elements.
 */
export { buildInPage } from '../../src/search/in-page.js';
import { serve } from '../../src/search/worker.js';

serve();
