/**
 * `npm run build` after `vite build` has written dist/hub-kit.js (the script-tag bundle):
 *
 * - the npm entry points (see ENTRIES in ./entries.ts), built together with code splitting
 *   so that every entry a page imports shares one copy of the core: one client per service,
 *   one budget, one cache. lit, zod, idb-keyval and minisearch stay imports, for the site's
 *   bundler to dedupe;
 * - `hub-kit/stand-in` for Node, on its own;
 * - the `.d.ts` files, from the same sources;
 * - dist/custom-elements.json, from the classes' JSDoc.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { ELEMENTS, browserEntries, localeEntries, root } from './entries.js';

const dist = join(root, 'dist');
const EXTERNAL = ['lit', 'lit/*', '@lit/*', 'zod', 'zod/*', 'idb-keyval', 'minisearch'];

function step(label: string): void {
  process.stdout.write(`build: ${label}\n`);
}

const missing = ELEMENTS.filter((name) => !existsSync(join(root, 'components', name, 'define.ts')));
if (missing.length) {
  // The build still succeeds so that the rest can be used; test/node/package.test.ts fails
  // until every element exists.
  console.warn(`build: not built yet, no source: ${missing.join(', ')}`);
}

step('npm entries');
rmSync(join(dist, 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: { ...browserEntries(), ...localeEntries() },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  external: EXTERNAL,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  tsconfig: join(root, 'tsconfig.json'),
  logLevel: 'warning',
});

const standIn = join(root, 'src/stand-in/index.ts');
if (existsSync(standIn)) {
  step('stand-in for Node');
await build({
  entryPoints: { 'stand-in': standIn },
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: join(root, 'tsconfig.json'),
  logLevel: 'warning',
});
} else {
  console.warn('build: not built yet, no source: src/stand-in/index.ts');
}

// The forms' light-DOM rules as a plain stylesheet, for pages that want the styled look
// before the script loads or without any script.
const formsCss = join(root, 'components/shared/hub-forms.css');
if (existsSync(formsCss)) copyFileSync(formsCss, join(dist, 'hub-forms.css'));

step('type declarations');
rmSync(join(dist, 'types'), { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'scripts/tsconfig.types.json')], {
  stdio: 'inherit',
});
// A define entry has no exports of its own, so its declaration file would not pull in the
// class's `HTMLElementTagNameMap` and event map; these small files make it do so.
for (const name of ELEMENTS) {
  const target = join(dist, 'types', 'components', name, `${name}.d.ts`);
  if (!existsSync(target)) continue;
  const file = join(dist, 'types', 'define', `${name}.d.ts`);
  mkdirSync(dirname(file), { recursive: true });
  const from = relative(dirname(file), target).replace(/\.d\.ts$/, '.js');
  writeFileSync(file, `export {};\nimport type {} from './${from}';\n`);
}

step('custom-elements.json');
execFileSync(
  process.execPath,
  [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--config', join(root, 'custom-elements-manifest.config.mjs')],
  { stdio: ['ignore', 'ignore', 'inherit'], cwd: root },
);
step('done');
