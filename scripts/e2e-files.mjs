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
  'framework-angular', // its install (about 4 minutes on a fresh clone's CI run), build and tests: about 7 minutes
  'framework-astro', // about 5 minutes, most of it the install
  'framework-next', // about 4 minutes
  'framework-nuxt', // about 3 minutes, most of it the install
  'cli', // about a hundred commands, one after another (5 minutes when each ran through npx)
  'outbox-pages', // about 2.5 minutes, much of it the pages' quiet windows
  'submissions-model',
  'framework-react-router',
  'framework-html',
  'tabs',
  'framework-vue',
  'lighthouse',
  'forms-history',
];

const all = readdirSync(new URL('../test/e2e/', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.test.ts'.length))
  .sort();
const first = LONGEST_FIRST.filter((name) => all.includes(name));
const rest = all.filter((name) => !first.includes(name));
console.log([...first, ...rest].map((name) => `test/e2e/${name}.test.ts`).join('\n'));
