/**
 * The Node browser harness (test/support/browser-harness.ts) in every wanted browser: scripts off
 * means the page's scripts do not run; visible text is what a sighted visitor reads
 * (shadow roots in, screen-reader-only text out); console errors are collected; pages are
 * real tabs of one browser (they talk over a BroadcastChannel, which tabs of different
 * browsers cannot), and several can work at once.
 *
 *   node --import tsx --test test/node/repo/browser-harness.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wantedBrowsers, launch, type HarnessBrowser } from '../../support/browser-harness.js';

const PAGE = `<!doctype html>
<html lang="en"><head><title>harness</title>
<style>.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }</style>
</head><body>
<main>
  <p id="static">Written in the page.</p>
  <p class="sr-only">Only for screen readers.</p>
  <p hidden>Hidden away.</p>
  <div id="host"><template shadowrootmode="open"><p>Inside a shadow root.</p><slot></slot></template><span>Slotted in.</span></div>
  <p id="scripted"></p>
</main>
<script>document.getElementById('scripted').textContent = 'Written by a script.';</script>
<script type="module">
  console.error('a console error');
  if (new URL(location.href).searchParams.has('throw')) throw new Error('an uncaught error');
</script>
</body></html>`;

let server: http.Server;
let origin: string;

before(async () => {
  server = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

for (const browserName of wantedBrowsers()) {
  describe(`harness in ${browserName}`, () => {
    test('JavaScript off: the page is read as written, and its scripts do not run', async () => {
      const browser = await launch(browserName, { javaScript: false });
      try {
        const page = await browser.newPage();
        await page.goto(`${origin}/?throw`);
        assert.equal(
          await page.visibleText('main'),
          'Written in the page. Inside a shadow root. Slotted in.',
        );
        assert.deepEqual(await page.consoleErrors(), []);
      } finally {
        await browser.close();
      }
    });

    test('JavaScript on: scripts run, and console errors and uncaught errors are collected', async () => {
      const browser = await launch(browserName);
      try {
        const page = await browser.newPage();
        await page.goto(`${origin}/?throw`);
        await page.waitFor(() => document.getElementById('scripted')!.textContent !== '', [], { what: 'the script' });
        assert.equal(
          await page.visibleText('main'),
          'Written in the page. Inside a shadow root. Slotted in. Written by a script.',
        );
        const errors = await page.waitFor(() => true).then(() => page.consoleErrors());
        assert.ok(errors.some((e) => e.includes('a console error')), `no console error in ${JSON.stringify(errors)}`);
        assert.ok(errors.some((e) => e.includes('an uncaught error')), `no uncaught error in ${JSON.stringify(errors)}`);
      } finally {
        await browser.close();
      }
    });

    test('pages are tabs of one browser, and twelve work at once', async () => {
      const browser: HarnessBrowser = await launch(browserName);
      try {
        const pages = await Promise.all(Array.from({ length: 12 }, () => browser.newPage()));
        await Promise.all(pages.map((page, i) => page.goto(`${origin}/?tab=${i}`)));
        // Each tab listens; the first one speaks. Only tabs of one browser (one profile)
        // share a BroadcastChannel.
        await Promise.all(
          pages.slice(1).map((page) =>
            page.evaluate(() => {
              const channel = new BroadcastChannel('harness');
              channel.onmessage = (event) => ((window as unknown as { heard: string }).heard = String(event.data));
            }),
          ),
        );
        await pages[0]!.evaluate(() => new BroadcastChannel('harness').postMessage('hello'));
        const heard = await Promise.all(
          pages.slice(1).map((page) => page.waitFor(() => (window as unknown as { heard?: string }).heard, [], { what: 'the message' })),
        );
        assert.deepEqual(heard, Array(11).fill('hello'));
        // …and they are separate tabs: each has its own session storage.
        await Promise.all(pages.map((page, i) => page.evaluate((n: number) => sessionStorage.setItem('tab', String(n)), i)));
        const own = await Promise.all(pages.map((page) => page.evaluate(() => sessionStorage.getItem('tab'))));
        assert.deepEqual(own, pages.map((_, i) => String(i)));
        // Closing some pages leaves the others whole: each still has its own document.
        await Promise.all(pages.slice(0, 6).map((page) => page.close()));
        const left = await Promise.all(pages.slice(6).map((page) => page.evaluate(() => sessionStorage.getItem('tab'))));
        assert.deepEqual(left, pages.slice(6).map((_, i) => String(i + 6)));
        await Promise.all(pages.slice(6).map((page) => page.close()));
      } finally {
        await browser.close();
      }
    });
  });
}
