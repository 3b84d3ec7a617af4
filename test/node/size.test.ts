/**
 * Size budgets (KB gzip). Each entry must stay within its budget (scripts/entries.ts); what
 * is left of it is printed beside it. Each define entry is measured as
 * the package ships it (`hub-kit/<element>/define`, i.e. dist/components/<element>/define.js
 * from `npm run build`), bundled alone with everything it needs (lit, zod/mini, idb-keyval,
 * the search engine) and minified, as a site's bundler would ship it; dist/hub-kit.js is
 * measured as built.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUDGETS_KB, ELEMENTS, root } from '../../scripts/entries.js';

const kb = (bytes: number) => bytes / 1024;

function report(what: string, size: number, key: keyof typeof BUDGETS_KB): void {
  const budget = BUDGETS_KB[key];
  console.log(`size: ${what} ${size.toFixed(2)} KB gzip (budget ${budget}, ${(budget - size).toFixed(2)} KB left)`);
  assert.ok(size <= budget, `${what} is ${size.toFixed(2)} KB gzip, over its ${budget} KB budget`);
}
const gzipKb = (code: Uint8Array | string) => kb(gzipSync(code, { level: 9 }).length);

async function bundleAlone(entry: string | { contents: string }): Promise<Uint8Array> {
  const result = await build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { ...entry, resolveDir: root } }),
    bundle: true,
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
  const file = result.outputFiles.find((output) => output.path.endsWith('.js'));
  assert.ok(file, `esbuild wrote nothing for ${entry}`);
  return file.contents;
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
    const size = gzipKb(await bundleAlone(entry));
    report(`${name}/define`, size, name);
    const floor = gzipKb(await bundleAlone(floorOf(name)));
    assert.ok(floor > 0 && floor < size, `the libraries alone (${floor.toFixed(2)} KB) cannot outweigh ${name}/define`);
    console.log(
      `size:   of which lit, zod/mini with its schemas and idb-keyval alone ${floor.toFixed(2)} KB; ` +
        `hub-kit's own code ${(size - floor).toFixed(2)} KB, against ${(BUDGETS_KB[name] - floor).toFixed(2)} KB the budget leaves it`,
    );
  });
}

test(`dist/hub-kit.js stays within ${BUDGETS_KB['hub-kit.js']} KB gzip and registers every element`, () => {
  const file = join(root, 'dist', 'hub-kit.js');
  assert.ok(existsSync(file), 'dist/hub-kit.js is missing: run `npm run build` first (`npm test` does)');
  const code = readFileSync(file);
  const size = gzipKb(code);
  report('dist/hub-kit.js', size, 'hub-kit.js');
  // Measured minified: an unminified build would pass or fail for the wrong reason.
  // (Line counts say little: CSS templates and pure annotations keep their newlines.)
  assert.ok(!code.includes('function normalizeBaseUrl('), 'dist/hub-kit.js is not minified: local names survived');
  for (const name of ELEMENTS) {
    // The minifier may quote the tag with ", ' or a backtick.
    assert.match(code.toString(), new RegExp(`["'\`]${name}["'\`]`), `dist/hub-kit.js does not register <${name}>`);
  }
});
