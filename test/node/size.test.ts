/**
 * Size budgets (KB gzip). Each define entry is bundled alone with everything it needs
 * (lit, zod/mini, idb-keyval, the search engine), minified, as a site's bundler would
 * ship it; dist/hub-kit.js is measured as built by `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUDGETS_KB, ELEMENTS, root } from '../../scripts/entries.js';

const kb = (bytes: number) => bytes / 1024;
const gzipKb = (code: Uint8Array | string) => kb(gzipSync(code, { level: 9 }).length);

async function bundleAlone(entry: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [entry],
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

for (const name of ELEMENTS) {
  test(`${name}/define alone stays within ${BUDGETS_KB[name]} KB gzip`, async () => {
    const entry = join(root, 'components', name, 'define.ts');
    assert.ok(existsSync(entry), `components/${name}/define.ts does not exist yet: <${name}> has not landed`);
    const size = gzipKb(await bundleAlone(entry));
    console.log(`size: ${name}/define ${size.toFixed(1)} KB gzip (budget ${BUDGETS_KB[name]})`);
    assert.ok(size <= BUDGETS_KB[name], `${name}/define is ${size.toFixed(1)} KB gzip, over its ${BUDGETS_KB[name]} KB budget`);
  });
}

test(`dist/hub-kit.js stays within ${BUDGETS_KB['hub-kit.js']} KB gzip and registers every element`, () => {
  const file = join(root, 'dist', 'hub-kit.js');
  assert.ok(existsSync(file), 'dist/hub-kit.js is missing: run `npm run build` first (`npm test` does)');
  const code = readFileSync(file);
  const size = gzipKb(code);
  console.log(`size: dist/hub-kit.js ${size.toFixed(1)} KB gzip (budget ${BUDGETS_KB['hub-kit.js']})`);
  assert.ok(size <= BUDGETS_KB['hub-kit.js'], `dist/hub-kit.js is ${size.toFixed(1)} KB gzip, over its budget`);
  // Measured minified: an unminified build would pass or fail for the wrong reason.
  assert.ok(code.toString().split('\n').length < 50, 'dist/hub-kit.js is not minified');
  for (const name of ELEMENTS) {
    assert.ok(code.includes(`"${name}"`), `dist/hub-kit.js does not register <${name}>`);
  }
});
