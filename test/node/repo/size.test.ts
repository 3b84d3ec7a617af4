/**
 * Size budgets (KB gzip -9). Each must hold (scripts/entries.ts); what is left of it is
 * printed beside it.
 *
 * - Each define entry as the package ships it (`hub-kit/<element>/define`, i.e.
 *   dist/components/<element>/define.js from `npm run build`), bundled alone with
 *   everything it needs (lit, zod/mini, idb-keyval, the search engine) and minified, as a
 *   site's bundler would ship it.
 * - The script tag as a page pays for it: dist/hub-kit.js and every file it fetches for the
 *   page's tags (and the locale file of its language), each file compressed on its own as
 *   a server sends it. The files are found
 *   by following the built files' imports from the loader; test/e2e/script-tag.test.ts
 *   counts what real browsers fetch for the same pages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUDGETS_KB, ELEMENTS, LOCALES, SCRIPT_TAG_PAGES, root, type ElementName, type Locale, type ScriptTagPageSpec } from '../../../scripts/entries.js';

const kb = (bytes: number) => bytes / 1024;

function report(what: string, size: number, budget: number): void {
  console.log(`size: ${what} ${size.toFixed(2)} KB gzip (budget ${budget}, ${(budget - size).toFixed(2)} KB left)`);
  assert.ok(size <= budget, `${what} is ${size.toFixed(2)} KB gzip, over its ${budget} KB budget`);
}
const gzipKb = (code: Uint8Array | string) => kb(gzipSync(code, { level: 9 }).length);
/** Files compressed each on its own, as a server sends them. */
const gzipAllKb = (files: Uint8Array[]) => files.reduce((sum, file) => sum + gzipKb(file), 0);

/**
 * `entry` bundled alone, minified, as a site's bundler ships it: split where the code asks
 * for a module later (`import()`: `<hub-search>`'s engine for a page where no worker can
 * run, fetched with the first search), so the files a page loads up front are the entry's
 * file and those it imports; each is compressed on its own, as a server sends it.
 */
async function bundleAlone(entry: string | { contents: string }): Promise<Uint8Array[]> {
  const result = await build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { ...entry, resolveDir: root } }),
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Licence notices of dependencies go to a file of their own, as Vite, webpack and
    // Rollup ship them (dist/hub-kit.js is measured the same way): not script a page runs.
    legalComments: 'external',
    // Named only so that esbuild can name the notices' file; nothing is written.
    outdir: join(root, 'dist', 'size'),
    write: false,
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const files = new Map(result.outputFiles.filter((output) => output.path.endsWith('.js')).map((output) => [output.path, output]));
  const name = typeof entry === 'string' ? basename(entry) : 'stdin.js';
  const first = [...files.values()].find((output) => basename(output.path) === name);
  assert.ok(first, `esbuild wrote nothing for ${typeof entry === 'string' ? entry : 'stdin'}`);
  const upFront = new Set([first]);
  for (const file of upFront) {
    for (const [, specifier] of file.text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+)["']/g)) upFront.add(files.get(join(dirname(file.path), specifier!))!);
  }
  return [...upFront].map((file) => file.contents);
}

/** The response schemas each element reads, besides the error bodies every request may read. */
const SCHEMAS: Record<(typeof ELEMENTS)[number], string[]> = {
  'signup-form': ['SubmitResponse'],
  'contact-form': ['SubmitResponse'],
  'hub-search': ['SearchIndex'],
  'bio-card': ['Bio', 'Presence'],
};

/**
 * What the libraries alone cost an element: a one-line Lit element, the zod/mini schemas it
 * reads and idb-keyval. The rest of its budget is what hub-kit's own code may take.
 */
function floorOf(name: (typeof ELEMENTS)[number]): { contents: string } {
  const schemas = [...SCHEMAS[name], 'MessageBody', 'ValidationBody'].join(', ');
  return {
    contents: `
      import { LitElement, html, css } from 'lit';
      import { get, set } from 'idb-keyval';
      import { ${schemas} } from './dist/src/api/schema.js';
      class Floor extends LitElement {
        static styles = css\`:host{display:block}\`;
        render() { return html\`<p>\${this.title}</p>\`; }
      }
      customElements.define('size-floor', Floor);
      globalThis.sizeFloor = [get, set, ${schemas}];`,
  };
}

for (const name of ELEMENTS) {
  test(`${name}/define alone stays within ${BUDGETS_KB[name]} KB gzip`, async () => {
    const entry = join(root, 'dist', 'components', name, 'define.js');
    assert.ok(existsSync(entry), `dist/components/${name}/define.js is missing: run \`npm run build\` first (\`npm test\` does)`);
    const size = gzipAllKb(await bundleAlone(entry));
    report(`${name}/define`, size, BUDGETS_KB[name]);
    const floor = gzipAllKb(await bundleAlone(floorOf(name)));
    assert.ok(floor > 0 && floor < size, `the libraries alone (${floor.toFixed(2)} KB) cannot outweigh ${name}/define`);
    console.log(
      `size:   of which lit, zod/mini with its schemas and idb-keyval alone ${floor.toFixed(2)} KB; ` +
        `hub-kit's own code ${(size - floor).toFixed(2)} KB, against ${(BUDGETS_KB[name] - floor).toFixed(2)} KB the budget leaves it`,
    );
  });
}

const loaderFile = join(root, 'dist', 'hub-kit.js');

/** The element files of the script tag; each has its words in each language, `fr-forms`… */
const ELEMENT_FILES = ['forms', 'hub-search', 'bio-card'] as const;
const LOCALE_FILES = LOCALES.flatMap((lang) => ELEMENT_FILES.map((file) => `${lang}-${file}`));

/** The files of dist/hub-kit/ that the loader names, by the name before their hash. */
function loaderFiles(): Map<string, string> {
  const loader = readFileSync(loaderFile, 'utf8');
  const files = new Map<string, string>();
  for (const [, path, name] of loader.matchAll(/["'`](?:\.\/)?(hub-kit\/([\w]+(?:-[a-z]+)*)-[\w-]{8}\.js)["'`]/g)) {
    files.set(name!, join(root, 'dist', path!));
  }
  return files;
}

/** A file and every file it imports, statically, from dist/hub-kit/. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  assert.ok(existsSync(file), `${relative(root, file)} is imported but missing`);
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    closure(join(dirname(file), specifier!), seen);
  }
  return seen;
}

/**
 * What the loader fetches for a page with these tags: the file of all when it needs every
 * other; and, in the page's language, the words of each element file it needs.
 */
function pageFiles(tags: readonly ElementName[], lang?: Locale): string[] {
  const files = loaderFiles();
  const fileOf = (tag: ElementName) => (tag === 'signup-form' || tag === 'contact-form' ? 'forms' : tag);
  const needed = new Set(tags.map(fileOf));
  // (The loader also names the files these import, the core and what search and the card share.)
  const perElement = [...files.keys()].filter((name) => !['all', 'core', 'shared', ...LOCALE_FILES].includes(name));
  const chosen = needed.size === perElement.length ? ['all'] : [...needed];
  // The words of each element file the page needs, in its language.
  if (lang) chosen.push(...[...needed].map((file) => `${lang}-${file}`));
  const out = new Set<string>([loaderFile]);
  for (const name of chosen) {
    const file = files.get(name);
    assert.ok(file, `dist/hub-kit.js names no hub-kit/${name}-….js`);
    for (const one of closure(file)) out.add(one);
  }
  return [...out];
}

test('dist/hub-kit.js is a loader that names a file for every element, minified', () => {
  assert.ok(existsSync(loaderFile), 'dist/hub-kit.js is missing: run `npm run build` first (`npm test` does)');
  const loader = readFileSync(loaderFile, 'utf8');
  for (const name of ELEMENTS) {
    // The minifier may quote the tag with ", ' or a backtick.
    assert.match(loader, new RegExp(`["'\`]${name}["'\`]`), `dist/hub-kit.js does not know <${name}>`);
  }
  assert.deepEqual([...loaderFiles().keys()].sort(), ['all', 'bio-card', 'core', 'forms', 'hub-search', 'shared', ...LOCALE_FILES].sort());
  for (const file of [loaderFile, ...pageFiles(ELEMENTS, 'fr'), ...pageFiles(['signup-form', 'hub-search', 'bio-card'], 'de')]) {
    const code = readFileSync(file, 'utf8');
    // Measured minified: an unminified build would pass or fail for the wrong reason.
    // (Line counts say little: HTML templates keep their newlines.)
    assert.ok(!code.includes('function normalizeBaseUrl(') && !/\n\s+(?:const|let|return|if)\b/.test(code), `${relative(root, file)} is not minified`);
    assert.ok(!code.includes('sourceMappingURL'), `${relative(root, file)} names a source map the package does not ship`);
  }
});

for (const [page, { tags, budgetKb, lang }] of Object.entries(SCRIPT_TAG_PAGES) as Array<[string, ScriptTagPageSpec]>) {
  test(`the script tag, a page with ${page}: every file it fetches within ${budgetKb} KB gzip`, () => {
    assert.ok(existsSync(loaderFile), 'dist/hub-kit.js is missing: run `npm run build` first (`npm test` does)');
    const files = pageFiles(tags, lang);
    const sizes = files.map((file) => gzipKb(readFileSync(file)));
    console.log(`size:   ${files.map((file, i) => `${relative(join(root, 'dist'), file)} ${sizes[i]!.toFixed(2)}`).join(', ')}`);
    report(`script tag, ${page}`, sizes.reduce((a, b) => a + b, 0), budgetKb);
  });
}

test('a locale file of the script tag imports nothing: a French page fetches it and its elements’ files, no other', () => {
  const files = loaderFiles();
  for (const lang of LOCALE_FILES) {
    const file = files.get(lang);
    assert.ok(file, `dist/hub-kit.js names no hub-kit/${lang}-….js`);
    assert.deepEqual([...closure(file)], [file], `hub-kit/${lang} imports other files`);
    const code = readFileSync(file, 'utf8');
    assert.ok(!/\bimport\b/.test(code), `hub-kit/${lang} imports something`);
    console.log(`size:   locale ${lang} ${gzipKb(code).toFixed(2)} KB gzip`);
  }
});
