/**
 * docs/frameworks.md's recipes are exactly the examples: every file a recipe shows is that
 * file of examples/<name>, byte for byte, every file of the example is in the recipe, and
 * the recipe installs exactly the example's dependencies. (The tests in test/e2e/framework-*
 * then follow each recipe with the packed package in a new folder.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../../../scripts/entries.js';
import { installedPackages } from '../../support/ssr-doc.js';
import { readRecipe } from '../../support/recipe.js';

const doc = readFileSync(join(root, 'docs', 'frameworks.md'), 'utf8');

const RECIPES: Array<[heading: string, example: string]> = [
  ['Next.js (App Router)', 'next'],
  ['Astro', 'astro'],
  ['Svelte 5', 'svelte'],
  ['Vue 3 with Vite', 'vue-vite'],
  ['A plain HTML page', 'html'],
];

/** The example's own files: what the recipe must show (package.json is what it installs). */
function exampleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !/^(node_modules|dist|\.next|site\/hub-kit)\//.test(file) && !['package.json', 'package-lock.json'].includes(file))
    .sort();
}

/** `typescript@5` -> `typescript`, `@vitejs/plugin-vue` stays. */
const bare = (name: string) => name.replace(/(.)@.*$/, '$1');

for (const [heading, name] of RECIPES) {
  const example = join(root, 'examples', name);
  const recipe = readRecipe(doc, heading);

  test(`"${heading}" shows every file of examples/${name}, as it is`, () => {
    assert.deepEqual([...recipe.files.keys()].sort(), exampleFiles(example));
    for (const [path, body] of recipe.files) {
      assert.equal(body, readFileSync(join(example, path), 'utf8'), `docs/frameworks.md's ${path} differs from examples/${name}/${path}`);
    }
  });

  test(`"${heading}" installs exactly the dependencies of examples/${name}`, () => {
    const pkg = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const installed = installedPackages(recipe.setup);
    assert.deepEqual(
      { dependencies: installed.dependencies.map(bare).sort(), devDependencies: installed.devDependencies.map(bare).sort() },
      { dependencies: Object.keys(pkg.dependencies ?? {}).sort(), devDependencies: Object.keys(pkg.devDependencies ?? {}).sort() },
    );
  });
}
