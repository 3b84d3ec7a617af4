/**
 * A static site built with a plain Node script and @lit-labs/ssr: what a static site
 * generator does with hub-kit, in one file.
 *
 *   npx tsx examples/static-site/build.ts [--out DIR] [--base-url URL]
 *
 * - The creator's profile is fetched at build time and rendered into the page, so the card
 *   is there before any script (here from an in-process stand-in; a real build fetches
 *   from the service). It goes in the `data` attribute too, so the card hydrates with the
 *   same profile and makes no request for it.
 * - The card and the forms are rendered into declarative shadow DOM; the search box, which
 *   cannot search without its script, holds a link to the Hub instead.
 * - The forms are real `<form>`s in the light DOM, written by hub-kit/markup, posting to the
 *   service: they work with no JavaScript at all, and the visitor comes back to a note.
 * - One small module (client.ts, bundled here with esbuild) loads Lit's hydration support
 *   first, then the elements, which take over the rendered markup.
 *
 * `--base-url` is where the service lives (default: the site's own origin). It may be a
 * path on the site's origin, which the tests use to give each build its own sandbox.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { build } from 'esbuild';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { contactFormHtml, signupFormHtml } from 'hub-kit/markup';
import { createStandIn } from 'hub-kit/stand-in';
import 'hub-kit/signup-form/define';
import 'hub-kit/contact-form/define';
import 'hub-kit/bio-card/define';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: here('../.build/static-site') },
    'base-url': { type: 'string', default: '' },
  },
});
const out = values.out!;
const base = values['base-url']!.replace(/\/+$/, '');
const tenant = 'demo';

/** The build-time fetch: the profile the page is rendered with. */
async function fetchBio(): Promise<unknown> {
  const standIn = createStandIn();
  const response = await standIn.fetch(new Request(`http://127.0.0.1/api/v1/tenants/${tenant}/bio`));
  if (!response.ok) throw new Error(`bio: ${response.status}`);
  return ((await response.json()) as { data: unknown }).data;
}

// Without `base-url`, an element uses the page's own origin.
const baseAttr = base || undefined;

/**
 * The forms, written by hub-kit/markup: what the elements would write themselves, as HTML
 * that posts without JavaScript, with the note a visitor reads when the service sends them
 * back. (Lit writes a string through unsafeHTML as it is; the helper has escaped every value.)
 */
const signupForm = unsafeHTML(signupFormHtml({ form: 'demo-form', baseUrl: base, id: 'signup' }));
const contactForm = unsafeHTML(contactFormHtml({ tenant, baseUrl: base, id: 'contact' }));

/**
 * The search box needs its script, so it is not rendered here (its define module is not
 * imported): what it holds, a link to the Hub, is what a visitor without JavaScript gets,
 * and the element hides it when it upgrades in the browser.
 */
const search = html`<hub-search base-url=${ifDefined(baseAttr)} tenant=${tenant} label="Search the notes"><a class="search-fallback" href="/hub/">Search the notes on the Hub</a></hub-search>`;

async function page(bio: unknown): Promise<string> {
  const body = html`
    <header>
      <bio-card base-url=${ifDefined(baseAttr)} tenant=${tenant} no-presence data=${JSON.stringify(bio)}></bio-card>
      ${search}
    </header>
    <main>
      <h1>Notes from the workshop</h1>
      <p>New notes every week, in your inbox.</p>
      <signup-form>${signupForm}</signup-form>
      <h2>Write to me</h2>
      <contact-form>${contactForm}</contact-form>
    </main>
  `;
  const rendered = await collectResult(render(body));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Notes from the workshop</title>
    <link rel="stylesheet" href="./hub-forms.css" />
    <script type="module" src="./client.js"></script>
  </head>
  <body>
${rendered}
  </body>
</html>
`;
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'index.html'), await page(await fetchBio()));
copyFileSync(here('../../dist/hub-forms.css'), join(out, 'hub-forms.css'));
await build({
  entryPoints: [here('./client.ts')],
  outfile: join(out, 'client.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`static site: ${join(out, 'index.html')}${base ? ` (service at ${base})` : ''}`);
