/**
 * Every element renders under @lit-labs/ssr with Lit's global DOM shim installed first
 * (`@lit-labs/ssr/lib/install-global-dom-shim.js`), as Lit's docs for rendering in Node's
 * global scope and Astro's Lit integration load it: a `document` whose `documentElement` is
 * missing, elements without `closest`. The same tests as elements.test.ts (elements.suite.ts),
 * in a process of their own, since the shim stays installed.
 */
import '@lit-labs/ssr/lib/install-global-dom-shim.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { everyElementRenders } from './elements.suite.js';

test('the shim is installed, with a document that has no root element', () => {
  assert.equal(typeof globalThis.document, 'object');
  assert.equal(globalThis.document.documentElement, undefined);
});

await everyElementRenders("Lit's global DOM shim");
