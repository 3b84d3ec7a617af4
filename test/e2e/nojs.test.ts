/**
 * No JavaScript, no dead ends, in real browsers with scripts off as a visitor turns them off
 * (browser-harness.ts), and the same page with them on. A creator's page links the built
 * dist/hub-kit.css and dist/hub-kit.js and holds the four elements with the fallback content
 * docs/frameworks.md ("Without JavaScript") shows: the forms from hub-kit/markup, a link for
 * <bio-card>, a search form for <hub-search>. The service is the stand-in, on another origin.
 *
 * Scripts off:
 * - nothing reserves space: each element is as tall as what is written in it, an empty one
 *   is not there at all;
 * - a signup and a contact message post, the service sends the visitor back, and the note
 *   the form's fragment names says it worked; no note says so before, nor after a refusal
 *   (the service's own page) or an error the service answers with a redirect that carries
 *   its own fragment.
 * The stand-in's redirect itself never carries a fragment, so the browser keeps the form's.
 * Scripts on:
 * - the fallback of <bio-card> and <hub-search> is hidden once they upgrade (one search box);
 * - back from a post made before the script ran, the element says it worked, the note does not.
 *
 *   node --import tsx --test test/e2e/nojs.test.ts     (after `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contactFormHtml, signupFormHtml } from '../../components/markup.js';
import { serve, type Served } from '../../src/stand-in/index.js';
import { wantedBrowsers, launch, type HarnessPage } from '../support/browser-harness.js';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const THANKS = 'Thanks! Please check your inbox to confirm.';
const SENT = 'Thanks, your message has been sent.';
const FAILED = 'That did not work. Please try again.';

let standIn: Served;
let site: http.Server;
let origin: string;

/** The page: every element with its fallback, or (`/empty`) every element empty. */
function page(empty: boolean): string {
  const base = standIn.url;
  const body = empty
    ? `<bio-card tenant="demo" base-url="${base}"></bio-card>
<hub-search tenant="demo" base-url="${base}"></hub-search>
<signup-form form="demo-form" base-url="${base}"></signup-form>
<contact-form tenant="demo" base-url="${base}"></contact-form>`
    : `<bio-card tenant="demo" base-url="${base}"><p class="fallback"><a href="${base}/hub/">Ada Lovelace on the Hub</a></p></bio-card>
<hub-search tenant="demo" base-url="${base}"><form class="fallback" action="${base}/hub/" method="get" role="search"><label>Search the notes <input type="search" name="q"></label> <button>Search</button></form></hub-search>
<signup-form>${signupFormHtml({ form: 'demo-form', baseUrl: base, id: 'signup' })}<p class="hub-landed" id="hub-kit-error" hidden>${FAILED}</p></signup-form>
<contact-form>${contactFormHtml({ tenant: 'demo', baseUrl: base, id: 'contact' })}</contact-form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ada's notes</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/hub-kit.css"><script type="module" src="/hub-kit.js"></script></head>
<body><main><h1>Ada's notes</h1>
${body}
<p id="end">The end.</p></main></body></html>`;
}

before(async () => {
  assert.ok(existsSync(`${dist}hub-kit.js`), 'run `npm run build` first');
  standIn = await serve({ port: 0, host: '127.0.0.1' });
  site = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (/^\/hub-kit(\.css|\.js|\/[\w.-]+\.js)$/.test(path) && existsSync(dist + path.slice(1))) {
      response.writeHead(200, { 'content-type': extname(path) === '.css' ? 'text/css' : 'text/javascript' });
      response.end(readFileSync(dist + path.slice(1)));
      return;
    }
    if (path !== '/' && path !== '/empty') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page(path === '/empty'));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // localhost, the stand-in 127.0.0.1: two origins, as a site and its service.
  origin = `http://localhost:${(site.address() as AddressInfo).port}`;
});

after(async () => {
  site?.closeAllConnections();
  site?.close();
  await standIn?.close();
});

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${standIn.url}/__stand-in/${path}`, { method: 'POST', body: JSON.stringify(body) });
  assert.ok(response.ok, `${path}: ${response.status} ${await response.text()}`);
};

async function recorded(kind: 'subscribers' | 'contacts', email: string): Promise<boolean> {
  const records = (await (await fetch(`${standIn.url}/__stand-in/records`)).json()) as Record<string, Array<{ email: string }>>;
  return records[kind]!.some((r) => r.email === email);
}

/** The block size of each element, and of what is written inside it (0 when nothing is). */
const boxes = () =>
  ['bio-card', 'hub-search', 'signup-form', 'contact-form'].map((tag) => {
    const el = document.querySelector(tag)!;
    const rects = [...el.children].flatMap((child) => [...child.getClientRects()]);
    const content = rects.length ? Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top)) : 0;
    return { tag, height: Math.round(el.getBoundingClientRect().height), content: Math.round(content) };
  });

const count = (text: string, part: string) => text.split(part).length - 1;

test('the stand-in\'s redirect after a post without JavaScript has no fragment, whatever the Referer says', async () => {
  const response = await fetch(`${standIn.url}/api/subscribe/demo-form`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: `${origin}/page?a=1#somewhere` },
    body: new URLSearchParams({ email: `fragment-${Date.now()}@example.com`, website: '' }),
  });
  assert.equal(response.status, 303);
  assert.equal(response.headers.get('location'), `${origin}/page?a=1&hub-kit=subscribed`);
});

for (const browserName of wantedBrowsers()) {
  describe(`${browserName}, JavaScript off`, () => {
    let browser: Awaited<ReturnType<typeof launch>>;
    let page: HarnessPage;
    before(async () => {
      browser = await launch(browserName, { javaScript: false });
      page = await browser.newPage();
      // Fresh rate windows for this browser's posts.
      await control('clock', { advance: 3600 });
    });
    after(() => browser?.close());

    test('no element reserves space: each is as tall as its fallback, an empty one takes none', async () => {
      for (const path of ['/empty', '/']) {
        await page.goto(`${origin}${path}`);
        assert.equal(await page.evaluate(() => matchMedia('(scripting: none)').matches), true, 'the browser runs scripts');
        const measured = await page.evaluate(boxes);
        console.log(`${browserName}, JavaScript off, ${path}: ${measured.map((b) => `${b.tag} ${b.height}px`).join(', ')}`);
        for (const { tag, height, content } of measured) {
          assert.ok(Math.abs(height - content) <= 1, `${path}: <${tag}> is ${height}px tall around ${content}px of content`);
          if (path === '/empty') assert.equal(height, 0, `<${tag}>, empty, is ${height}px tall`);
        }
      }
      const text = await page.visibleText('main');
      assert.match(text, /Ada Lovelace on the Hub.*Search the notes.*Search.*Email.*Subscribe.*Name.*Email.*Message.*Send message/);
      assert.ok(!text.includes('Thanks'), `before any post the page reads "${text}"`);
    });

    test('a signup posts, and the visitor comes back to a note that says it worked', async () => {
      await page.goto(`${origin}/`);
      const email = `nojs-${browserName}-${Date.now()}@example.com`;
      await page.fill('signup-form input[name="email"]', email);
      await page.click('signup-form button[type="submit"]');
      await page.waitFor(() => location.hash === '#hub-kit-subscribed' && document.readyState === 'complete', [], { what: 'the way back' });
      const url = new URL(await page.url());
      assert.equal(url.origin + url.pathname + url.search, `${origin}/?hub-kit=subscribed`);
      const text = await page.visibleText('main');
      assert.equal(count(text, THANKS), 1, `back on the page, it reads "${text}"`);
      assert.ok(!text.includes(FAILED));
      assert.ok(await recorded('subscribers', email), `the service did not record ${email}`);
      console.log(`${browserName}, JavaScript off: back at ${url.pathname}${url.search}${url.hash}, reading "${THANKS}"`);
    });

    test('a contact message posts, and comes back to its own note', async () => {
      await page.goto(`${origin}/`);
      const email = `nojs-contact-${browserName}-${Date.now()}@example.com`;
      await page.fill('contact-form input[name="email"]', email);
      await page.fill('contact-form textarea[name="message"]', 'Written without a script.');
      await page.click('contact-form button[type="submit"]');
      await page.waitFor(() => location.hash === '#hub-kit-sent' && document.readyState === 'complete', [], { what: 'the way back' });
      const text = await page.visibleText('main');
      assert.equal(count(text, SENT), 1, text);
      assert.ok(!text.includes(THANKS), text);
      assert.ok(await recorded('contacts', email));
    });

    test('a refusal is the service\'s own page, and no note thanks anyone', async () => {
      await page.goto(`${origin}/`);
      // The browser's own check lets this through; the service wants a dotted domain.
      await page.fill('signup-form input[name="email"]', 'ada@localhost');
      await page.click('signup-form button[type="submit"]');
      await page.waitFor(() => location.href.includes('/api/subscribe/demo-form') && document.readyState === 'complete', [], { what: "the service's page" });
      const text = await page.visibleText('body');
      assert.match(text, /email/i);
      assert.ok(!text.includes('Thanks'), text);
    });

    test('an error the service answers with a redirect back, with a fragment of its own, shows its note, not the thanks', async () => {
      await control('faults', { path: '/api/subscribe/demo-form', method: 'POST', status: 303, redirect: `${origin}/?hub-kit=error#hub-kit-error` });
      await page.goto(`${origin}/`);
      await page.fill('signup-form input[name="email"]', `nojs-error-${browserName}@example.com`);
      await page.click('signup-form button[type="submit"]');
      await page.waitFor(() => location.hash === '#hub-kit-error' && document.readyState === 'complete', [], { what: 'the way back' });
      const text = await page.visibleText('main');
      assert.equal(count(text, FAILED), 1, text);
      assert.ok(!text.includes(THANKS), text);
    });
  });

  describe(`${browserName}, JavaScript on`, () => {
    let browser: Awaited<ReturnType<typeof launch>>;
    before(async () => {
      browser = await launch(browserName);
    });
    after(() => browser?.close());

    const upgraded = () =>
      ['bio-card', 'hub-search', 'signup-form', 'contact-form'].every((tag) => {
        const el = document.querySelector(tag) as (HTMLElement & { hasUpdated?: boolean }) | null;
        return Boolean(customElements.get(tag) && el?.hasUpdated);
      });

    test('the fallback of <bio-card> and <hub-search> is hidden once they upgrade: one card, one search box', async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      await page.waitFor(upgraded, [], { what: 'the elements to upgrade' });
      await page.waitFor(() => (document.querySelector('bio-card') as HTMLElement & { state?: string }).state === 'ready', [], { what: 'the card' });
      const seen = await page.evaluate(() => ({
        fallbacks: [...document.querySelectorAll('.fallback')].map((el) => el.getClientRects().length),
        searchBoxes: [document, document.querySelector('hub-search')!.shadowRoot!]
          .flatMap((root) => [...root.querySelectorAll('input[type="search"], input[role="combobox"]')])
          .filter((input) => input.getClientRects().length > 0).length,
      }));
      assert.deepEqual(seen.fallbacks, [0, 0], 'a fallback is still shown');
      assert.equal(seen.searchBoxes, 1);
      const text = await page.visibleText('main');
      assert.ok(!text.includes('Ada Lovelace on the Hub'), text);
      assert.deepEqual(await page.consoleErrors(), []);
    });

    test('back from a post made before the script ran, the element says it worked, and the note does not', async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/?hub-kit=subscribed#hub-kit-subscribed`);
      await page.waitFor(upgraded, [], { what: 'the elements to upgrade' });
      let text = '';
      const end = Date.now() + 20_000;
      while (!(text = await page.visibleText('main')).includes(THANKS) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
      assert.equal(count(text, THANKS), 1, text);
      assert.equal(await page.evaluate(() => document.querySelector('.hub-landed')!.getClientRects().length), 0);
      assert.deepEqual(await page.consoleErrors(), []);
    });
  });
}
