/**
 * docs/ssr.md is exactly the steps of examples/eleventy: every file the doc shows is that
 * file of the example, byte for byte, every file of the example is in the doc, and the doc
 * installs exactly the example's dependencies. (test/e2e/newcomer.test.ts then follows the
 * doc with the packed package and checks the site in three browsers.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../../../scripts/entries.js';
import { installedPackages, readSsrDoc } from '../../support/ssr-doc.js';

const example = join(root, 'examples', 'eleventy');
const doc = readSsrDoc(readFileSync(join(root, 'docs', 'ssr.md'), 'utf8'));

/** The site's own files: what the doc must show (package.json and the README describe it). */
function siteFiles(): string[] {
  return readdirSync(example, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(example, join(entry.parentPath, entry.name)))
    .filter((file) => !/^(node_modules|_site)\//.test(file) && !['package.json', 'package-lock.json', 'README.md'].includes(file))
    .sort();
}

test('every file docs/ssr.md shows is the example\'s file, and it shows them all', () => {
  assert.deepEqual([...doc.files.keys()].sort(), siteFiles());
  for (const [path, body] of doc.files) {
    assert.equal(body, readFileSync(join(example, path), 'utf8'), `docs/ssr.md's ${path} differs from examples/eleventy/${path}`);
  }
});

test('docs/ssr.md installs exactly the example\'s dependencies, at their versions', () => {
  const pkg = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  // Pinned, as the test installs them (test/support/recipe.ts); the kit is the packed one.
  const named = (deps: Record<string, string>) => Object.entries(deps).map(([name, version]) => (name === 'hub-kit' ? name : `${name}@${version}`)).sort();
  assert.deepEqual(installedPackages(doc.setup), {
    dependencies: named(pkg.dependencies!),
    devDependencies: named(pkg.devDependencies!),
  });
});

test('docs/ssr.md builds with the stand-in the package runs, and Eleventy', () => {
  assert.ok(doc.build.some((line) => /^npx hub-kit stand-in\b/.test(line)), 'the build steps do not start the stand-in');
  assert.ok(doc.build.some((line) => /npx @11ty\/eleventy$/.test(line)), 'the build steps do not run Eleventy');
});
