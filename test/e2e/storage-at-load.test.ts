/**
 * Storage opened when it is needed, not as a page loads (issue 30): a page of the site with a
 * `<signup-form>`, on an origin of its own (so its storage is new), in real tabs of each
 * browser. Every IndexedDB database the page opens is noted by a line before the kit
 * (`window.__opened`, the names passed to `indexedDB.open`, which it then calls unchanged).
 *
 * - A visitor who left nothing behind: the page opens no database at load (from navigation
 *   to a second after `load`), before any interaction.
 * - A visitor who left a signup queued while offline: the next page of the site opens the
 *   outbox as it loads (a marker in localStorage says something may wait), sends it and says
 *   so. This is also what shows that the window above is long enough for an opening to be seen.
 *
 *   node --import tsx --test test/e2e/storage-at-load.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, type Served } from '../../src/stand-in/node.js';
import { launch, wantedBrowsers, type HarnessBrowser } from '../support/browser-harness.js';
import { serveScriptTag, type ScriptTagServer } from '../support/script-tag.js';

let service: Served;

before(async () => {
  service = await serve({ port: 0 });
});
after(() => service.close());

/** A page of the site: the counter, the script tag and a signup form of the sandbox at `base`. */
const page = (base: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Join</title>
<script>
  window.__opened = [];
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name) {
    window.__opened.push(String(name));
    return open.apply(this, arguments);
  };
  // The end of "at load": a second after the load event.
  addEventListener('load', () => setTimeout(() => (window.__loaded = true), 1000));
</script>
<script type="module" src="/hub-kit.js"></script></head>
<body><main><h1>Join</h1><signup-form tenant="demo" base-url="${base}"></signup-form></main></body></html>`;

for (const browserName of wantedBrowsers()) {
  describe(`storage at load, in ${browserName}`, () => {
    let browser: HarnessBrowser;
    let site: ScriptTagServer;
    let sandbox: string;
    before(async () => {
      browser = await launch(browserName);
      sandbox = `${service.url}/__sandbox/at-load-${browserName}-${Date.now()}`;
      // A port of its own: an origin on which nothing was stored before.
      site = await serveScriptTag({ host: 'localhost', page: () => page(sandbox) });
    });
    after(async () => {
      await browser.close();
      await site.close();
    });

    test('a signup page opens no database at load; after a visit that left a signup queued, the next page opens the outbox, sends it and says so', { timeout: 120_000 }, async () => {
      const tab = await browser.newPage();
      await tab.goto(`${site.origin}/join`);
      await tab.waitFor(() => !!document.querySelector('signup-form form') && (window as unknown as { __loaded?: boolean }).__loaded, [], { what: 'the form, and a second after load' });
      assert.deepEqual(await tab.evaluate(() => (window as unknown as { __opened: string[] }).__opened), [], 'databases opened at load');

      // Offline, the visitor signs up: it is queued, which opens the outbox (and marks it).
      await tab.evaluate(() => {
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
        const form = document.querySelector('signup-form form') as HTMLFormElement;
        (form.elements.namedItem('email') as HTMLInputElement).value = 'queued@example.com';
        form.requestSubmit();
      });
      await tab.waitFor(() => /offline/i.test(document.querySelector('signup-form')?.shadowRoot?.textContent ?? ''), [], { what: 'the queued line' });
      assert.ok((await tab.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).includes('hub-kit-outbox'));

      // The next page, online: the marker says something waits; the outbox opens and sends it.
      await tab.goto(`${site.origin}/welcome`);
      await tab.waitFor(() => (window as unknown as { __opened: string[] }).__opened.includes('hub-kit-outbox'), [], { what: 'the outbox to be opened at load' });
      await tab.waitFor(() => /check your inbox to confirm/i.test(document.querySelector('signup-form')?.shadowRoot?.textContent ?? ''), [], { what: 'the queued signup, told' });
      const records = (await (await fetch(`${sandbox}/__stand-in/records`)).json()) as { subscribers: Array<{ email: string }> };
      assert.deepEqual(records.subscribers.map((s) => s.email), ['queued@example.com']);
      await tab.close();
    });
  });
}
