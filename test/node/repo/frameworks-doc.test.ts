/**
 * docs/frameworks.md's recipes are exactly the examples: every file a recipe shows is that
 * file of examples/<name>, byte for byte, every file of the example is in the recipe, and
 * the recipe installs exactly the example's dependencies, each at the exact version the
 * example names. (The tests in test/e2e/framework-*
 * then follow each recipe with the packed package in a new folder.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../../../scripts/entries.js';
import { installedPackages } from '../../support/ssr-doc.js';
import { readRecipe, unpinned } from '../../support/recipe.js';

const doc = readFileSync(join(root, 'docs', 'frameworks.md'), 'utf8');

const RECIPES: Array<[heading: string, example: string]> = [
  ['Next.js (App Router)', 'next'],
  ['Astro', 'astro'],
  ['Svelte 5', 'svelte'],
  ['Vue 3 with Vite', 'vue-vite'],
  ['A plain HTML page', 'html'],
  ['Hugo', 'hugo'],
  ['SvelteKit', 'sveltekit'],
  ['Nuxt', 'nuxt'],
  ['Angular', 'angular'],
  ['React Router (framework mode)', 'react-router'],
];

/** The example's own files: what the recipe must show (package.json is what it installs). */
function exampleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !/^(node_modules|dist|\.next|site\/hub-kit|static\/hub-kit|public|\.svelte-kit|build|\.nuxt|\.output|\.angular)\//.test(file) && !['package.json', 'package-lock.json'].includes(file))
    .sort();
}

/** The example's dependencies as an install line names them: pinned, but the kit. */
const named = (deps: Record<string, string> = {}) =>
  Object.entries(deps)
    .map(([name, version]) => (name === 'hub-kit' ? name : `${name}@${version}`))
    .sort();

for (const [heading, name] of RECIPES) {
  const example = join(root, 'examples', name);
  const recipe = readRecipe(doc, heading);

  test(`"${heading}" shows every file of examples/${name}, as it is`, () => {
    assert.deepEqual([...recipe.files.keys()].sort(), exampleFiles(example));
    for (const [path, body] of recipe.files) {
      assert.equal(body, readFileSync(join(example, path), 'utf8'), `docs/frameworks.md's ${path} differs from examples/${name}/${path}`);
    }
  });

  test(`"${heading}" installs exactly the dependencies of examples/${name}, at their versions`, () => {
    const pkg = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const installed = installedPackages(recipe.setup);
    assert.deepEqual(installed, { dependencies: named(pkg.dependencies), devDependencies: named(pkg.devDependencies) });
    for (const line of recipe.setup) assert.deepEqual(unpinned(line), [], `"${line}" installs a package without an exact version`);
  });
}
