/**
 * Every element renders under @lit-labs/ssr, as a static site generator runs it: in Node,
 * with no window, document or storage, into declarative shadow DOM. Rendered from the
 * package's define entries, the way a site's build imports them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { everyElementRenders } from './elements.suite.js';

await everyElementRenders('plain Node');

test('server rendering touches no browser global', () => {
  for (const name of ['window', 'document', 'localStorage', 'indexedDB', 'location']) {
    assert.equal(name in globalThis, false, `${name} exists in Node after rendering: something installed it`);
  }
});
