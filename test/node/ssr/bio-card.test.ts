/**
 * Server rendering of <bio-card>: what a static site generator does at build time.
 * Renders with @lit-labs/ssr and checks the declarative shadow DOM. The page the browser
 * test hydrates is rendered the same way by `npm run build:examples`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import '../../../components/bio-card/define.js';
import { hostileBio } from '../../fixtures/hostile.js';
import { SSR_FIXTURE_BIO } from './bio-card.page.js';

const renderToString = (template: unknown) => collectResult(render(template));

test('renders the data attribute into declarative shadow DOM', async () => {
  const out = await renderToString(html`<bio-card tenant="demo" data=${JSON.stringify(SSR_FIXTURE_BIO)}></bio-card>`);
  assert.match(out, /<bio-card[^>]*tenant="demo"/);
  assert.match(out, /<template shadowroot="open" shadowrootmode="open">/);
  assert.match(out, /Ada Example/);
  assert.match(out, /@ada/);
  assert.match(out, /href="https:\/\/example\.com\/newsletter"/);
  assert.match(out, /href="mailto:ada@example\.com"/);
  // The skeleton is for pages without data; with data the profile itself is the first paint.
  assert.doesNotMatch(out, /aria-busy/);
  assert.doesNotMatch(out, /Loading profile/);
});

test('renders the data property the same way', async () => {
  const out = await renderToString(html`<bio-card tenant="demo" .data=${SSR_FIXTURE_BIO}></bio-card>`);
  assert.match(out, /<template shadowroot="open" shadowrootmode="open">/);
  assert.match(out, /Ada Example/);
});

test('keeps hostile data inert on the server too', async () => {
  const page = await renderToString(html`<bio-card data=${JSON.stringify(hostileBio())}></bio-card>`);
  // The host's data attribute echoes the JSON, escaped; what matters is the rendered shadow DOM.
  const out = page.slice(page.indexOf('<template shadowroot'));
  assert.ok(out.length > 0);
  assert.doesNotMatch(out, /<script/i);
  assert.doesNotMatch(out, /<img src=x/i);
  assert.doesNotMatch(out, /<svg|<b>/i);
  // The scripts in the texts stay text; no attribute carries one.
  assert.doesNotMatch(out, /(?:href|src)="[^"]*(?:javascript:|vbscript:|data:)/i);
  assert.deepEqual(
    [...out.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]),
    ['https://example.com/safe', 'mailto:mallory@example.com', 'https://example.com/untitled', 'https://bsky.example/profile/mallory'],
  );
  assert.match(out, /&lt;script&gt;alert\(&quot;name&quot;\)&lt;\/script&gt;Mallory/);
  assert.match(out, /href="https:\/\/example\.com\/safe"/);
});

test('renders the skeleton, not an error, when only a tenant is given', async () => {
  const out = await renderToString(html`<bio-card tenant="demo"></bio-card>`);
  assert.match(out, /aria-busy="true"/);
  assert.doesNotMatch(out, /role="alert"/);
});
