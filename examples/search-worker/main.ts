/**
 * `<hub-search>` from the package's npm entry, in an app that Vite bundles: Vite follows the
 * element's `new Worker(new URL('./worker.js', import.meta.url))` and bundles the search
 * worker beside the app, so search runs off the page's main thread
 * (test/browser/bundle/search-worker-bundle.test.ts).
 */
import 'hub-kit/hub-search/define';
