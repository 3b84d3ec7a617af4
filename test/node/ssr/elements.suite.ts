/**
 * What every element renders under @lit-labs/ssr, as a static site generator runs it: into
 * declarative shadow DOM, from the package's define entries, the way a site's build imports
 * them. Run by elements.test.ts (Node as it is: no window, no document) and by
 * global-dom-shim.test.ts (Lit's global DOM shim installed first, as Lit's docs for rendering
 * in Node's global scope and Astro's Lit integration load it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html, type TemplateResult } from 'lit';
import { hostileBio } from '../../fixtures/hostile.js';

const ssr = (template: TemplateResult) => collectResultSync(render(template));

/** The declarative shadow root of the first `<tag>` in `markup`. */
function shadowOf(markup: string, tag: string): string {
  const start = markup.indexOf(`<${tag}`);
  assert.ok(start >= 0, `<${tag}> is not in the output`);
  const open = markup.indexOf('<template shadowroot="open" shadowrootmode="open">', start);
  assert.ok(open > start, `<${tag}> has no declarative shadow root`);
  const close = markup.indexOf('</template>', open);
  return markup.slice(open, close);
}

/** The tests, under `setup` in their names ("plain Node", "Lit's global DOM shim"). */
export async function everyElementRenders(setup: string): Promise<void> {
  await import('hub-kit/signup-form/define');
  await import('hub-kit/contact-form/define');
  await import('hub-kit/hub-search/define');
  await import('hub-kit/bio-card/define');

  test(`${setup}: <signup-form> renders its shadow root and keeps the author’s light-DOM form`, () => {
    const markup = ssr(html`<signup-form form="demo-form">
      <form action="https://hub.example/api/subscribe/demo-form" method="post">
        <label for="e">Email</label><input id="e" name="email" type="email" required /><button>Subscribe</button>
      </form>
    </signup-form>`);
    const shadow = shadowOf(markup, 'signup-form');
    assert.match(shadow, /<slot/, 'the form is not slotted');
    assert.match(markup, /<form action="https:\/\/hub\.example\/api\/subscribe\/demo-form" method="post">/);
    assert.match(markup, /<input id="e" name="email" type="email" required/);
  });

  test(`${setup}: <contact-form> renders its shadow root`, () => {
    const shadow = shadowOf(ssr(html`<contact-form tenant="demo"></contact-form>`), 'contact-form');
    assert.match(shadow, /<style>/);
    assert.match(shadow, /<slot/);
  });

  test(`${setup}: <hub-search> renders a labelled combobox without fetching`, () => {
    const shadow = shadowOf(ssr(html`<hub-search tenant="demo" label="Search the hub"></hub-search>`), 'hub-search');
    assert.match(shadow, /role="combobox"/);
    assert.match(shadow, /Search the hub/);
  });

  test(`${setup}: <bio-card> renders a profile it is given, as text, with unsafe links dropped`, () => {
    const shadow = shadowOf(ssr(html`<bio-card tenant="demo" .data=${hostileBio()}></bio-card>`), 'bio-card');
    assert.match(shadow, /Mallory &lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(shadow, /Hi &lt;b&gt;there&lt;\/b&gt;/);
    assert.doesNotMatch(shadow, /<script/i);
    assert.match(shadow, /href="https:\/\/example\.com\/safe"/);
    // The script in the bio's text stays text; no attribute carries one.
    assert.doesNotMatch(shadow, /(?:href|src)="[^"]*javascript:/i);
  });

  test(`${setup}: <bio-card> with only a tenant renders its skeleton, in English`, () => {
    const shadow = shadowOf(ssr(html`<bio-card tenant="demo"></bio-card>`), 'bio-card');
    assert.match(shadow, /aria-busy="true"/);
    assert.match(shadow, /Loading profile…/);
  });
}
