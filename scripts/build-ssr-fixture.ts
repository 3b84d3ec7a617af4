/**
 * Writes the server-rendered pages the browser tests hydrate into examples/.build/, from the
 * same renderer the Node SSR tests use: the pages are always the current server output,
 * never a stored copy. bio-card-ssr.html for test/browser/ssr/bio-card-ssr.test.ts; forms-ssr.html
 * and, unrendered for comparison, forms-csr.html for test/browser/components/shared/forms-status.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import '../components/bio-card/define.js';
import '../components/contact-form/define.js';
import '../components/signup-form/define.js';
import { ssrPage } from '../test/node/ssr/bio-card.page.js';
import { root } from './entries.js';

const out = join(root, 'examples', '.build');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'bio-card-ssr.html'), await ssrPage((template) => collectResult(render(template))));

/** Both forms, as a page would write them: rendered on the server, or left to the browser. */
const forms = html`<signup-form tenant="demo" name-field></signup-form><contact-form tenant="demo"></contact-form>`;
const formsPage = (body: string, hydrate: boolean) => `<!doctype html>
<html lang="en" data-hydrate="${hydrate}">
  <head>
    <meta charset="utf-8" />
    <title>Forms</title>
  </head>
  <body>
    <main>
      ${body}
    </main>
    <script type="module" src="/test/browser/ssr/forms-ssr-page.ts"></script>
  </body>
</html>
`;
writeFileSync(join(out, 'forms-ssr.html'), formsPage(await collectResult(render(forms)), true));
writeFileSync(
  join(out, 'forms-csr.html'),
  formsPage('<signup-form tenant="demo" name-field></signup-form><contact-form tenant="demo"></contact-form>', false),
);
