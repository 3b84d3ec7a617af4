/**
 * `<hub-search>` from the package's npm entry in an app Vite bundled
 * (examples/search-worker, built by `npm run build:examples`): Vite follows the element's
 * `new Worker(new URL(…, import.meta.url))`, bundles the search worker beside the app, and
 * search runs there, off the page's main thread, with the answers the element shows.
 */
import { expect } from 'chai';
import { until } from '../helpers/dom.js';
import { newSandbox } from '../helpers/sandbox.js';

type Search = HTMLElement & { value: string; updateComplete: Promise<boolean>; _engine?: { where: string } };

describe('<hub-search> bundled by Vite from the npm entry', () => {
  let frame: HTMLIFrameElement;
  afterEach(() => frame.remove());

  it('searches in the worker Vite bundled, and shows the results', async () => {
    frame = document.createElement('iframe');
    frame.title = 'an app bundled by Vite';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = '/examples/.build/search-worker/index.html';
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    await until(() => Boolean(win.customElements.get('hub-search')), 'the app to define <hub-search>');
    const search = win.document.createElement('hub-search') as unknown as Search;
    search.setAttribute('base-url', newSandbox().baseUrl);
    search.setAttribute('tenant', 'demo');
    win.document.querySelector('main')!.append(search);
    await search.updateComplete;
    const results = new Promise((resolve) => search.addEventListener('hub-search-results', resolve, { once: true }));
    search.value = 'podcasting';
    await results;
    await search.updateComplete;
    expect(search._engine?.where).to.equal('worker');
    const titles = [...search.shadowRoot!.querySelectorAll('[part="title"]')].map((t) => t.textContent!.toLowerCase());
    expect(titles[0]).to.contain('podcasting');
  });
});
