/**
 * What a page pays for the script tag, counted in real browsers: the page loads hub-kit.js
 * from another origin, as from a CDN path, and every JavaScript response that origin sends
 * for that page load is counted at gzip -9, each file on its own, as a server compresses it.
 * The pages of scripts/entries.ts SCRIPT_TAG_PAGES: none of the kit's elements, only a
 * `<signup-form>` (in English, and on a French page, which fetches the French strings too),
 * all four. Each must work (what a visitor reads), log no error, and stay
 * within its budget, in every browser. test/node/repo/size.test.ts follows the same files' imports
 * without a browser.
 *
 *   node --import tsx --test test/e2e/script-tag.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { SCRIPT_TAG_PAGES, type ElementName, type ScriptTagPage, type ScriptTagPageSpec } from '../../scripts/entries.js';
import { serve, type Served as Service } from '../../src/stand-in/node.js';
import { wantedBrowsers, launch, type HarnessPage } from '../support/browser-harness.js';
import { dist, serveScriptTag, type ScriptTagServer } from '../support/script-tag.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

let service: Service;
let site: ScriptTagServer;
let cdn: ScriptTagServer;
let loads = 0;

const ATTRIBUTES: Record<ElementName, (base: string) => string> = {
  'signup-form': (base) => `base-url="${base}" form="demo-form"`,
  'contact-form': (base) => `base-url="${base}" tenant="demo"`,
  'hub-search': (base) => `base-url="${base}" tenant="demo" label="Search the letters"`,
  'bio-card': (base) => `base-url="${base}" tenant="demo" no-presence`,
};

/** What a visitor sees once each element has upgraded: the forms' fields and buttons, a search box, a name. */
const SHOWS: Record<ElementName, (page: HarnessPage, lang?: string) => Promise<unknown>> = {
  'signup-form': async (page, lang) =>
    assert.match(await page.visibleText('signup-form'), lang === 'fr' ? /E-mail.*S’abonner/ : /Email.*Subscribe/),
  'contact-form': async (page) => assert.match(await page.visibleText('contact-form'), /Message.*Send message/),
  'hub-search': (page) =>
    page.waitFor(
      () => {
        const box = document.querySelector('hub-search')!.shadowRoot!.querySelector('[role="combobox"]');
        return box && box.getBoundingClientRect().width > 0;
      },
      [],
      { what: 'the search box' },
    ),
  'bio-card': async (page) => {
    const bio = (await (await fetch(`${service.url}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } };
    await page.waitFor((name: string) => document.querySelector('bio-card')!.shadowRoot!.textContent!.includes(name), [bio.data.name], {
      what: 'the name on the card',
    });
    assert.match(await page.visibleText('bio-card'), new RegExp(bio.data.name));
  },
};

before(async () => {
  assert.ok(existsSync(join(dist, 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
  service = await serve({ port: 0 });
  // Three origins: the site (localhost), the CDN and the service (127.0.0.1, two ports).
  cdn = await serveScriptTag({ page: (url) => (url.pathname.endsWith('/done') ? 'done' : undefined) });
  site = await serveScriptTag({
    host: 'localhost',
    page: (url) => {
      const name = url.searchParams.get('page') as ScriptTagPage | null;
      if (!name || !(name in SCRIPT_TAG_PAGES)) return undefined;
      const base = `${service.url}/__sandbox/script-tag-${url.searchParams.get('load')}`;
      const { tags, lang }: ScriptTagPageSpec = SCRIPT_TAG_PAGES[name];
      const elements = tags.map((tag) => `<${tag} ${ATTRIBUTES[tag](base)}></${tag}>`).join('\n');
      return `<!doctype html><html lang="${lang ?? 'en'}"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,">
<script type="module" src="${url.searchParams.get('src')}"></script></head>
<body><main><h1>A creator's page</h1>${elements}</main></body></html>`;
    },
  });
});
after(async () => {
  await site?.close();
  await cdn?.close();
  await service?.close();
});

/**
 * Opens the page with its own folder on the CDN, waits for what a visitor should read, then
 * for one more request to that folder, which arrives after any the page had already sent;
 * returns the JavaScript files the CDN served for this load, with their gzip -9 sizes.
 */
async function measure(page: HarnessPage, name: ScriptTagPage): Promise<Array<{ file: string; gzip: number }>> {
  const load = `${page.browserName}-${++loads}`;
  const folder = `/v/${load}/`;
  const src = `${cdn.origin}${folder}hub-kit.js`;
  await page.goto(`${site.origin}/?page=${encodeURIComponent(name)}&load=${load}&src=${encodeURIComponent(src)}`);
  const { tags, lang }: ScriptTagPageSpec = SCRIPT_TAG_PAGES[name];
  for (const tag of tags) {
    await page.waitFor((t: string) => Boolean(document.querySelector(t)?.shadowRoot), [tag], { what: `<${tag}> to upgrade` });
    await SHOWS[tag](page, lang);
  }
  if (!tags.length) await page.waitFor(() => document.readyState === 'complete', [], { what: 'the page to load' });
  await page.evaluate((url: string) => fetch(url).then((r) => r.text()), `${cdn.origin}${folder}done`);
  assert.ok(cdn.served.some((s) => s.path === `${folder}done`), 'the CDN did not see the last request');
  return cdn.served
    .filter((s) => s.path.startsWith(folder) && s.type.startsWith('text/javascript'))
    .map((s) => ({ file: s.path.slice(folder.length), gzip: gzipSync(s.body, { level: 9 }).length }));
}

const kib = (bytes: number) => (bytes / 1024).toFixed(2);

for (const browserName of wantedBrowsers()) {
  describe(`the script tag from a CDN path, in ${browserName}`, () => {
    for (const [name, { tags, budgetKb }] of Object.entries(SCRIPT_TAG_PAGES) as Array<[ScriptTagPage, (typeof SCRIPT_TAG_PAGES)[ScriptTagPage]]>) {
      test(`a page with ${name}: works, and every script it fetches adds up to at most ${budgetKb} KB gzip`, { timeout: 180_000 }, async () => {
        const browser = await launch(browserName);
        try {
          const page = await browser.newPage();
          const files = await measure(page, name);
          const total = files.reduce((sum, f) => sum + f.gzip, 0);
          console.log(
            `${browserName}, ${name}: ${total} bytes = ${kib(total)} KB gzip -9 in ${files.length} files (${files.map((f) => `${f.file} ${f.gzip}`).join(', ')})`,
          );
          assert.ok(files.some((f) => f.file === 'hub-kit.js'), 'the page did not fetch hub-kit.js');
          if (!tags.length) assert.deepEqual(files.map((f) => f.file), ['hub-kit.js'], 'a page without the kit fetched more than the loader');
          assert.ok(total <= budgetKb * 1024, `${kib(total)} KB gzip, over the ${budgetKb} KB budget`);
          assert.deepEqual(await page.consoleErrors(), []);
        } finally {
          await browser.close();
        }
      });
    }
  });
}
