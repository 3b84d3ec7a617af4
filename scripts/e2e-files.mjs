/**
 * The end-to-end test files in the order `npm run test:e2e` hands them to `node --test`,
 * which runs three at a time in the order given: the longest first, so that no long file
 * starts last and runs alone at the end (on two cores, beside the browser runners, the
 * order took minutes off the stage). The longest are named here, as a fresh clone's CI run
 * measured them (their tests and their installs); every other file follows, by name, so a
 * new file is never left out.
 *
 *   node scripts/e2e-files.mjs     prints the paths, one per line
 */
import { readdirSync } from 'node:fs';

const LONGEST_FIRST = [
  'cli', // about 5 minutes of commands, one after another
  'framework-angular',
  'framework-next',
  'outbox-pages',
  'submissions-model',
  'framework-astro',
  'tabs',
  'framework-html',
  'framework-nuxt',
  'framework-vue',
  'forms-history',
  'lighthouse',
];

const all = readdirSync(new URL('../test/e2e/', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.test.ts'.length))
  .sort();
const first = LONGEST_FIRST.filter((name) => all.includes(name));
const rest = all.filter((name) => !first.includes(name));
console.log([...first, ...rest].map((name) => `test/e2e/${name}.test.ts`).join('\n'));
